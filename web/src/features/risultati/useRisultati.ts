// What the results page reads besides the session: its event, the scores
// page's own snapshot (/sessione/{id}/punteggi/, so the numbers are the live
// ranking's), the teams with their schools and the event's venues. The server
// answers 404 for a private event the visitor may not see, as on the scores page.
import type { Sessione } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys, useSquadreInSessione } from '../../api/queries';
import { typedApi } from '../../api/typed';
import { fetchPoli, fetchPunteggi, punteggiKeys } from '../punteggi/api';

/** While the contest runs the page is a provisional ranking: read it again this often. */
export const AGGIORNA_MS = 60_000;

export const risultatiKeys = {
  classifica: (sessione: number) => ['risultati', 'classifica', sessione] as const,
};

export function useRisultati(sessione: Sessione, inCorso: boolean) {
  const evento = useQuery({
    queryKey: queryKeys.evento(sessione.evento),
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/evento/{id}/', 'evento', { path: { id: sessione.evento }, signal }),
  });
  const classifica = useQuery({
    queryKey: risultatiKeys.classifica(sessione.id),
    queryFn: ({ signal }) => fetchPunteggi(sessione.id, signal),
    refetchInterval: inCorso ? AGGIORNA_MS : false,
  });
  const squadre = useSquadreInSessione(sessione.id);
  const poli = useQuery({
    queryKey: punteggiKeys.poli(sessione.evento),
    queryFn: ({ signal }) => fetchPoli(sessione.evento, signal),
    enabled: sessione.poli.length > 0,
    staleTime: 5 * 60_000,
  });
  const teams = useMemo(() => new Map((squadre.data ?? []).map((s) => [s.id, s])), [squadre.data]);
  return { evento, classifica, squadre, teams, poli };
}
