// Everything the scores pages read besides the live state: the session, its
// event (scoring parameters, permissions), the teams with their schools and
// venues, the venues, the current user.
import type { Squadra } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ScoringParams } from '@gas/scoring';
import { useMemo } from 'react';
import { typedApi } from '../../api/typed';
import { queryKeys, useCurrentUser, useSessione, useSquadreInSessione } from '../../api/queries';
import { fetchPoli, punteggiKeys } from './api';

const PARAM_NAMES: (keyof ScoringParams)[] = [
  'PTI_TOLTI_ERRORE',
  'PTI_BASE_MONTEPREMI',
  'MAX_ERRORI_RAISE_MONTEPREMI',
  'ERRORE_PUNTEGGI_RAISE',
  'PUNTEGGIO_BASE_PROBLEMI',
  'BONUS_VELOCITA',
  'SCALING_BONUS_VELOCITA',
  'SCALING_BONUS_MONTEPREMI',
];

/** The scoring parameters of an event payload (missing ones left to the engine's defaults). */
export function paramsOf(evento: Partial<ScoringParams> | undefined): Partial<ScoringParams> {
  const out: Partial<ScoringParams> = {};
  if (!evento) return out;
  for (const name of PARAM_NAMES) {
    const v = evento[name];
    if (typeof v === 'number' && Number.isFinite(v)) out[name] = v;
  }
  return out;
}

export function useEventoPunteggi(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.evento(id ?? 0),
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/evento/{id}/', 'evento', { path: { id: id! }, signal }),
    enabled: id !== undefined && id > 0,
  });
}

export function useScoresData(sessioneId: number) {
  const sessione = useSessione(sessioneId);
  const evento = useEventoPunteggi(sessione.data?.evento);
  const { user } = useCurrentUser();
  const squadre = useSquadreInSessione(sessioneId);
  const hasVenues = (sessione.data?.poli.length ?? 0) > 0;
  const poli = useQuery({
    queryKey: punteggiKeys.poli(sessione.data?.evento ?? 0),
    queryFn: ({ signal }) => fetchPoli(sessione.data!.evento, signal),
    enabled: hasVenues,
    staleTime: 5 * 60_000,
  });
  const teams = useMemo(() => new Map((squadre.data ?? []).map((s) => [s.id, s])), [squadre.data]);
  const params = useMemo(() => paramsOf(evento.data), [evento.data]);
  return { sessione, evento, user, squadre, teams, poli, params, hasVenues };
}

/** Team id → school name (the table's show-schools toggle). */
export function schoolNames(teams: ReadonlyMap<number, Squadra>): Map<number, string> {
  const out = new Map<number, string>();
  for (const [id, s] of teams) if (s.scuola) out.set(id, s.scuola.nome);
  return out;
}
