import type { ScoringParams } from './types';

/** The defaults of shared/scoring.md (spec §9). */
export const DEFAULT_PARAMS: Readonly<ScoringParams> = Object.freeze({
  PTI_TOLTI_ERRORE: 10,
  PTI_BASE_MONTEPREMI: 70,
  MAX_ERRORI_RAISE_MONTEPREMI: 3,
  ERRORE_PUNTEGGI_RAISE: 20,
  PUNTEGGIO_BASE_PROBLEMI: 30,
  BONUS_VELOCITA: 20,
  SCALING_BONUS_VELOCITA: 1.0,
  SCALING_BONUS_MONTEPREMI: 1.0,
});

export const PARAM_NAMES = Object.keys(DEFAULT_PARAMS) as (keyof ScoringParams)[];

/** The two decimal parameters; they must be > 0. */
export const SCALING_PARAMS: readonly (keyof ScoringParams)[] = [
  'SCALING_BONUS_VELOCITA',
  'SCALING_BONUS_MONTEPREMI',
];

/** Fills the missing parameters with the defaults (undefined and null count as missing). */
export function resolveParams(params: Partial<ScoringParams> | undefined): ScoringParams {
  const out = { ...DEFAULT_PARAMS };
  if (params) {
    for (const name of PARAM_NAMES) {
      const v = params[name];
      if (v !== undefined && v !== null) out[name] = v;
    }
  }
  return out;
}

/**
 * Before 2023-07-01 00:00 Europe/Rome every team gets the starting capital;
 * from then on only the active ones.
 */
export const CAPITAL_FOR_ALL_BEFORE = Date.UTC(2023, 5, 30, 22, 0, 0);

/** Events within this many milliseconds before "now" are flagged as new. */
export const NEW_WINDOW_MS = 180_000;
