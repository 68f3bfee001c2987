import { useQuery } from '@tanstack/react-query';
import { typedApi, type ApiBody } from '../../api/typed';

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
      typedApi.list('/api/gas/squadra/mie/', 'squadra', { query: { sessione }, signal }),
  });
}

/** The schools of the current user (main managers). */
export function useMieScuole(enabled = true) {
  return useQuery({
    queryKey: squadreKeys.mieScuole,
    enabled,
    queryFn: ({ signal }) =>
      typedApi.list('/api/ext-user/scuola/', 'scuola', { query: { mie: 'y' }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useEventiNonUfficiali() {
  return useQuery({
    queryKey: squadreKeys.eventiNonUfficiali,
    queryFn: ({ signal }) =>
      typedApi.list('/api/gas/evento/', 'evento', { query: { tipologia__in: 'pub,priv' }, signal }),
  });
}

export const iscriviSquadra = (body: ApiBody<'/api/gas/squadra/', 'post'>) =>
  typedApi.post('/api/gas/squadra/', 'squadra', { body });
