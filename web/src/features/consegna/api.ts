// Calls of the answer-submission page: the teams the user may deliver for,
// the answers already delivered, submit / joker / delete.
import type { Squadra } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, getList } from '../../api/client';

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
          ? await getList('/api/gas/squadra/in_sessione/', 'squadra', { sessione }, { signal })
          : await getList('/api/gas/squadra/', 'squadra', { evento }, { signal });
      } else {
        list = await getList(
          '/api/gas/squadra/mie/',
          'squadra',
          { sessione: sessione ?? undefined },
          { signal },
        );
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
      getList(
        '/api/gas/risposta/',
        'risposta',
        ambito.sessione
          ? { squadra__sessione: ambito.sessione }
          : { squadra__evento: ambito.evento },
        { signal },
      ),
    refetchInterval: 30_000,
  });
}

export interface RispostaPayload {
  squadra: number;
  problema: number;
  valore: string;
  valore_exp: number;
  momento_consegna?: string;
  /** When 'Invia' was pressed, on the server's clock (the outbox, for event staff). */
  momento_digitazione?: string;
}

export const inviaRisposta = (payload: RispostaPayload) =>
  api.post('/api/gas/risposta/', 'risposta', payload);

export const impostaJolly = (payload: {
  squadra: number;
  problema: number;
  momento_consegna?: string;
}) => api.post('/api/gas/jolly/', 'jollyCreato', payload);

export const cancellaRisposta = (id: number) => api.delete(`/api/gas/risposta/${id}/`);
