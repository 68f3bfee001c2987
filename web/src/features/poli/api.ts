import { useQuery } from '@tanstack/react-query';
import { getList } from '../../api/client';
import type { Polo } from '../admin/shared/types';

export function usePoli(evento: number) {
  return useQuery({
    queryKey: ['poli', evento],
    enabled: Number.isInteger(evento) && evento > 0,
    queryFn: ({ signal }) => getList<Polo>('/api/gas/polo/', { evento }, { signal }),
    staleTime: 60_000,
  });
}
