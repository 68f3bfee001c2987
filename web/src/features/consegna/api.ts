// Calls of the answer-submission page: the teams the user may deliver for,
// the answers already delivered, submit / joker / delete.
import type { Squadra } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { typedApi, type ApiBody } from '../../api/typed';

/** Where the page was opened: one session, or every session of an event. */
export interface Ambito {
  evento: number;
  sessione: number | null;
}

export const consegnaKeys = {
  squadre: (a: Ambito, tutte: boolean) => ['consegna', 'squadre', a, tutte] as const,
  risposte: (a: Ambito) => ['consegna', 'risposte', a] as const,
};

/**
 * Event staff deliver for every team (`tutte`), managers for their own
 * (squadra/mie/). The result is sorted by name.
 */
export function useSquadreConsegna(ambito: Ambito, tutte: boolean, enabled: boolean) {
  return useQuery({
    queryKey: consegnaKeys.squadre(ambito, tutte),
    enabled,
    queryFn: async ({ signal }) => {
      const { evento, sessione } = ambito;
      let list: Squadra[];
      if (tutte) {
        list = sessione
          ? await typedApi.list('/api/gas/squadra/in_sessione/', 'squadra', {
              query: { sessione },
              signal,
            })
          : await typedApi.list('/api/gas/squadra/', 'squadra', { query: { evento }, signal });
      } else {
        list = await typedApi.list('/api/gas/squadra/mie/', 'squadra', {
          query: { sessione },
          signal,
        });
        list = list.filter((s) => s.evento === evento);
      }
      return [...list].sort((a, b) => a.nome.localeCompare(b.nome, 'it'));
    },
  });
}

export function useRisposte(ambito: Ambito) {
  return useQuery({
    queryKey: consegnaKeys.risposte(ambito),
    queryFn: ({ signal }) =>
      typedApi.list('/api/gas/risposta/', 'risposta', {
        query: ambito.sessione
          ? { squadra__sessione: ambito.sessione }
          : { squadra__evento: ambito.evento },
        signal,
      }),
    refetchInterval: 30_000,
  });
}

/** An answer as submitted (`momento_digitazione`: when 'Invia' was pressed, on the server's clock). */
export type RispostaPayload = ApiBody<'/api/gas/risposta/', 'post'>;

export const inviaRisposta = (body: RispostaPayload) =>
  typedApi.post('/api/gas/risposta/', 'risposta', { body });

export const impostaJolly = (body: ApiBody<'/api/gas/jolly/', 'post'>) =>
  typedApi.post('/api/gas/jolly/', 'jollyCreato', { body });

export const cancellaRisposta = (id: number) =>
  typedApi.delete('/api/gas/risposta/{id}/', { path: { id } });
