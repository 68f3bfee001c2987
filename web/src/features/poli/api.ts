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
