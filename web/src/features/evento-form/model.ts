// The event form's values, their defaults (spec §9) and the request they
// become. Dates are wall strings on Rome's clock (lib/romeTime).
import type { Evento, Tipologia } from '@gas/contracts';
import { dateNuovoEvento, erroriDateEvento, type DateEvento } from '@gas/contracts';
import { TYPED_FORMAT } from '../../components/form/DateTimeInput';
import { fromWall, toWall, wallToIso } from '../../lib/romeTime';

export const PARAMETRI = [
  { name: 'PTI_TOLTI_ERRORE', label: 'Punti tolti per ogni errore', step: 1, default: 10 },
  { name: 'PTI_BASE_MONTEPREMI', label: 'Montepremi base di un problema', step: 1, default: 70 },
  {
    name: 'MAX_ERRORI_RAISE_MONTEPREMI',
    label: 'Errori per squadra che alzano il montepremi (al massimo)',
    step: 1,
    default: 3,
  },
  {
    name: 'ERRORE_PUNTEGGI_RAISE',
    label: 'Aumento del montepremi per ogni errore',
    step: 1,
    default: 20,
  },
  { name: 'PUNTEGGIO_BASE_PROBLEMI', label: 'Punteggio base dei problemi', step: 1, default: 30 },
  { name: 'BONUS_VELOCITA', label: 'Bonus velocità', step: 1, default: 20 },
  { name: 'SCALING_BONUS_VELOCITA', label: 'Scala del bonus velocità', step: 0.001, default: 1 },
  { name: 'SCALING_BONUS_MONTEPREMI', label: 'Scala del montepremi', step: 0.001, default: 1 },
] as const;

export type ParametroName = (typeof PARAMETRI)[number]['name'];

export const DATE_FIELDS = [
  'inizio',
  'fine',
  'fine_consegna_jolly',
  'inizio_iscrizioni',
  'fine_iscrizioni',
  'fine_modifica_squadre',
] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface ProblemaValues {
  /** The problem's id when it exists already. */
  id?: number;
  soluzione: number;
  soluzione_exp: number;
  intervallo_validita: number;
  udm_soluzione: string;
}

export type EventoFormValues = {
  titolo: string;
  descrizione: string;
  tipologia: Tipologia;
  /** Each answer typed twice by two users (issue 17). */
  doppia_digitazione: boolean;
  problemi: ProblemaValues[];
} & Record<DateField, string> &
  Record<ParametroName, number>;

/** Spec §2: unit with an empty unit, solution 0, exponent 0, tolerance 0.005. */
export function nuovoProblema(): ProblemaValues {
  return { soluzione: 0, soluzione_exp: 0, intervallo_validita: 0.005, udm_soluzione: '' };
}

const parametriDefault = () =>
  Object.fromEntries(PARAMETRI.map((p) => [p.name, p.default])) as Record<ParametroName, number>;

function dateValues(d: DateEvento): Record<DateField, string> {
  return {
    inizio: toWall(d.inizio),
    fine: toWall(d.fine),
    fine_consegna_jolly: toWall(d.fine_consegna_jolly),
    inizio_iscrizioni: toWall(d.inizio_iscrizioni),
    fine_iscrizioni: toWall(d.fine_iscrizioni),
    fine_modifica_squadre: toWall(d.fine_modifica_squadre),
  };
}

/**
 * A new event (spec §9): private; starts at the next full hour and lasts 90
 * minutes; joker deadline at the end; registration from now to 5 minutes
 * before the start.
 */
export function valoriNuovoEvento(now: Date = new Date()): EventoFormValues {
  // The form shows seconds, but "now" to the second would look odd.
  const adesso = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return {
    titolo: '',
    descrizione: '',
    tipologia: 'priv',
    doppia_digitazione: false,
    problemi: [],
    ...dateValues(dateNuovoEvento(adesso)),
    ...parametriDefault(),
  };
}

type EventoCompleto = Evento & Partial<Record<ParametroName, number>>;

export function valoriDaEvento(e: EventoCompleto): EventoFormValues {
  const parametri = parametriDefault();
  for (const p of PARAMETRI) {
    const v = e[p.name];
    if (typeof v === 'number') parametri[p.name] = v;
  }
  return {
    titolo: e.titolo,
    descrizione: e.descrizione ?? '',
    tipologia: e.tipologia,
    doppia_digitazione: e.doppia_digitazione,
    inizio: toWall(e.inizio),
    fine: toWall(e.fine),
    fine_consegna_jolly: toWall(e.fine_consegna_jolly),
    inizio_iscrizioni: toWall(e.inizio_iscrizioni),
    fine_iscrizioni: toWall(e.fine_iscrizioni),
    fine_modifica_squadre: toWall(e.fine_modifica_squadre),
    ...parametri,
    problemi: [...(e.problemi ?? [])]
      .sort((a, b) => a.ordine - b.ordine)
      .map((p) => ({
        id: p.id,
        soluzione: p.soluzione ?? 0,
        soluzione_exp: p.soluzione_exp ?? 0,
        intervallo_validita: p.intervallo_validita,
        udm_soluzione: p.udm_soluzione ?? '',
      })),
  };
}

/** NaN (an emptied number field) is null, which the schema refuses: "Questo campo è obbligatorio.". */
const num = (v: number) => (Number.isFinite(v) ? v : null);

/** The body of POST / PATCH /api/gas/evento/, before the schema checks it (the form's resolver). */
export function toPayload(v: EventoFormValues) {
  const date = (field: DateField) => {
    const value = v[field];
    return value === '' ? null : (wallToIso(value) ?? value);
  };
  return {
    titolo: v.titolo,
    descrizione: v.descrizione,
    tipologia: v.tipologia,
    doppia_digitazione: v.doppia_digitazione,
    ...Object.fromEntries(DATE_FIELDS.map((f) => [f, date(f)])),
    ...Object.fromEntries(PARAMETRI.map((p) => [p.name, num(v[p.name])])),
    problemi: v.problemi.map((p) => ({
      ...(p.id !== undefined && { id: p.id }),
      soluzione: num(p.soluzione),
      soluzione_exp: num(p.soluzione_exp),
      intervallo_validita: num(p.intervallo_validita),
      udm_soluzione: p.udm_soluzione,
    })),
  };
}

export const DATA_NON_VALIDA = `Data e ora non valide: usa il formato ${TYPED_FORMAT}.`;

/** Unreadable dates and the cross-field rules of the contracts, by field. */
export function erroriDate(v: EventoFormValues): Partial<Record<DateField, string>> {
  const out: Partial<Record<DateField, string>> = {};
  const parsed: Partial<Record<DateField, Date | null>> = {};
  for (const f of DATE_FIELDS) {
    const value = v[f];
    parsed[f] = value === '' ? null : fromWall(value);
    if (value !== '' && parsed[f] === null) out[f] = DATA_NON_VALIDA;
  }
  if (parsed.inizio && parsed.fine) {
    const cross = erroriDateEvento({
      inizio: parsed.inizio,
      fine: parsed.fine,
      inizio_iscrizioni: parsed.inizio_iscrizioni ?? null,
      fine_iscrizioni: parsed.fine_iscrizioni ?? null,
      fine_modifica_squadre: parsed.fine_modifica_squadre ?? null,
      fine_consegna_jolly: parsed.fine_consegna_jolly ?? null,
    });
    for (const [field, messages] of Object.entries(cross)) {
      out[field as DateField] ??= messages[0];
    }
  }
  return out;
}

/**
 * The existing problems whose solution, exponent or tolerance the form
 * changes (named as the editor names them: P1, P2, …), with the proposed
 * values: each goes through the correction preview before saving.
 */
export function soluzioniCorrette(initial: EventoFormValues, values: EventoFormValues) {
  const prima = new Map(initial.problemi.flatMap((p) => (p.id === undefined ? [] : [[p.id, p]])));
  return values.problemi.flatMap((p, i) => {
    const vecchio = p.id === undefined ? undefined : prima.get(p.id);
    if (!vecchio || p.id === undefined) return [];
    const proposta = {
      soluzione: Number(p.soluzione),
      soluzione_exp: Number(p.soluzione_exp),
      intervallo_validita: Number(p.intervallo_validita),
    };
    const uguale =
      proposta.soluzione === Number(vecchio.soluzione) &&
      proposta.soluzione_exp === Number(vecchio.soluzione_exp) &&
      proposta.intervallo_validita === Number(vecchio.intervallo_validita);
    if (uguale || Object.values(proposta).some((v) => !Number.isFinite(v))) return [];
    return [{ nome: `P${i + 1}`, id: p.id, proposta }];
  });
}
