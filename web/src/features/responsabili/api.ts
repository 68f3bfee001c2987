import { useQuery } from '@tanstack/react-query';
import { typedApi, type ApiBody } from '../../api/typed';

export const managerKeys = {
  manager: (id: number) => ['manager', id] as const,
  altri: ['managers', 'altri'] as const,
};

export function useManager(id: number) {
  return useQuery({
    queryKey: managerKeys.manager(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/user/{id}/', 'manager', { path: { id }, signal }),
  });
}

/** Other managers of the user's schools (profile). */
export function useAltriResponsabili(enabled: boolean) {
  return useQuery({
    queryKey: managerKeys.altri,
    enabled,
    queryFn: ({ signal }) => typedApi.list('/api/gas/extended-user/', 'manager', { signal }),
  });
}

export const creaResponsabile = (body: ApiBody<'/api/gas/user/', 'post'>) =>
  typedApi.post('/api/gas/user/', 'manager', { body });

export const modificaResponsabile = (id: number, body: ApiBody<'/api/gas/user/{id}/', 'patch'>) =>
  typedApi.patch('/api/gas/user/{id}/', 'manager', { path: { id }, body });
