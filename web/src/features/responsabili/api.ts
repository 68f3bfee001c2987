import { useQuery } from '@tanstack/react-query';
import { api, getList } from '../../api/client';
import type { Manager } from '../admin/shared/types';

export const managerKeys = {
  manager: (id: number) => ['manager', id] as const,
  altri: ['managers', 'altri'] as const,
};

export function useManager(id: number) {
  return useQuery({
    queryKey: managerKeys.manager(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.get<Manager>(`/api/gas/user/${id}/`, undefined, { signal }),
  });
}

/** Other managers of the user's schools (profile). */
export function useAltriResponsabili(enabled: boolean) {
  return useQuery({
    queryKey: managerKeys.altri,
    enabled,
    queryFn: ({ signal }) => getList<Manager>('/api/gas/extended-user/', undefined, { signal }),
  });
}

export const creaResponsabile = (payload: Record<string, unknown>) =>
  api.post<Manager>('/api/gas/user/', payload);

export const modificaResponsabile = (id: number, payload: Record<string, unknown>) =>
  api.patch<Manager>(`/api/gas/user/${id}/`, payload);
