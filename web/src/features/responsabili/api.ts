import { useQuery } from '@tanstack/react-query';
import { api, getList } from '../../api/client';

export const managerKeys = {
  manager: (id: number) => ['manager', id] as const,
  altri: ['managers', 'altri'] as const,
};

export function useManager(id: number) {
  return useQuery({
    queryKey: managerKeys.manager(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.get(`/api/gas/user/${id}/`, 'manager', undefined, { signal }),
  });
}

/** Other managers of the user's schools (profile). */
export function useAltriResponsabili(enabled: boolean) {
  return useQuery({
    queryKey: managerKeys.altri,
    enabled,
    queryFn: ({ signal }) => getList('/api/gas/extended-user/', 'manager', undefined, { signal }),
  });
}

export const creaResponsabile = (payload: Record<string, unknown>) =>
  api.post('/api/gas/user/', 'manager', payload);

export const modificaResponsabile = (id: number, payload: Record<string, unknown>) =>
  api.patch(`/api/gas/user/${id}/`, 'manager', payload);
