import { useQuery } from '@tanstack/react-query';
import { api, getList } from '../../api/client';
import type { Evento, Scuola } from '../../api/types';
import type { SquadraDettaglio } from '../admin/shared/types';

export const squadreKeys = {
  mie: (sessione?: number) => ['squadre', 'mie', sessione ?? null] as const,
  mieScuole: ['scuole', 'mie'] as const,
  eventiNonUfficiali: ['eventi', 'non-ufficiali', 'iscrizione'] as const,
};

/** The user's own teams (spec §6 ownership), in one session or everywhere. */
export function useMieSquadre(sessione?: number) {
  return useQuery({
    queryKey: squadreKeys.mie(sessione),
    queryFn: ({ signal }) =>
      getList<SquadraDettaglio>('/api/gas/squadra/mie/', { sessione }, { signal }),
  });
}

/** The schools of the current user (main managers). */
export function useMieScuole(enabled = true) {
  return useQuery({
    queryKey: squadreKeys.mieScuole,
    enabled,
    queryFn: ({ signal }) => getList<Scuola>('/api/ext-user/scuola/', { mie: 'y' }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useEventiNonUfficiali() {
  return useQuery({
    queryKey: squadreKeys.eventiNonUfficiali,
    queryFn: ({ signal }) =>
      getList<Evento>('/api/gas/evento/', { tipologia__in: 'pub,priv' }, { signal }),
  });
}

export const iscriviSquadra = (payload: {
  nome: string;
  sessione: number;
  scuola?: number | null;
}) => api.post<SquadraDettaglio>('/api/gas/squadra/', payload);
