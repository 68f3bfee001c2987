import { useQuery } from '@tanstack/react-query';
import { api, getList } from '../../api/client';

export const squadreKeys = {
  mie: (sessione?: number) => ['squadre', 'mie', sessione ?? null] as const,
  mieScuole: ['scuole', 'mie'] as const,
  eventiNonUfficiali: ['eventi', 'non-ufficiali', 'iscrizione'] as const,
};

/** The user's own teams (spec §6 ownership), in one session or everywhere. */
export function useMieSquadre(sessione?: number) {
  return useQuery({
    queryKey: squadreKeys.mie(sessione),
    queryFn: ({ signal }) => getList('/api/gas/squadra/mie/', 'squadra', { sessione }, { signal }),
  });
}

/** The schools of the current user (main managers). */
export function useMieScuole(enabled = true) {
  return useQuery({
    queryKey: squadreKeys.mieScuole,
    enabled,
    queryFn: ({ signal }) => getList('/api/ext-user/scuola/', 'scuola', { mie: 'y' }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useEventiNonUfficiali() {
  return useQuery({
    queryKey: squadreKeys.eventiNonUfficiali,
    queryFn: ({ signal }) =>
      getList('/api/gas/evento/', 'evento', { tipologia__in: 'pub,priv' }, { signal }),
  });
}

export const iscriviSquadra = (payload: {
  nome: string;
  sessione: number;
  scuola?: number | null;
}) => api.post('/api/gas/squadra/', 'squadra', payload);
