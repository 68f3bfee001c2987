import { useQuery } from '@tanstack/react-query';
import { typedApi } from '../../api/typed';

export function usePoli(evento: number) {
  return useQuery({
    queryKey: ['poli', evento],
    enabled: Number.isInteger(evento) && evento > 0,
    queryFn: ({ signal }) => typedApi.list('/api/gas/polo/', 'polo', { query: { evento }, signal }),
    staleTime: 60_000,
  });
}

/** The event's teams as the server shows them to this user (public part for visitors). */
export function useSquadreEvento(evento: number) {
  return useQuery({
    queryKey: ['squadre', 'evento', evento],
    enabled: Number.isInteger(evento) && evento > 0,
    queryFn: ({ signal }) =>
      typedApi.list('/api/gas/squadra/', 'squadra', { query: { evento }, signal }),
    staleTime: 60_000,
  });
}
