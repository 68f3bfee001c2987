import { useQuery } from '@tanstack/react-query';
import { getList } from '../../api/client';

export function usePoli(evento: number) {
  return useQuery({
    queryKey: ['poli', evento],
    enabled: Number.isInteger(evento) && evento > 0,
    queryFn: ({ signal }) => getList('/api/gas/polo/', 'polo', { evento }, { signal }),
    staleTime: 60_000,
  });
}

/** The event's teams as the server shows them to this user (public part for visitors). */
export function useSquadreEvento(evento: number) {
  return useQuery({
    queryKey: ['squadre', 'evento', evento],
    enabled: Number.isInteger(evento) && evento > 0,
    queryFn: ({ signal }) => getList('/api/gas/squadra/', 'squadra', { evento }, { signal }),
    staleTime: 60_000,
  });
}
