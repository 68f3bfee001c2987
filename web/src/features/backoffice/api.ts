// The back office's calls (/api/admin/, issue 14). Records are generic
// (`Record<string, unknown>`): their shape is the resource's description in
// @gas/contracts (admin/risorse.ts), which the pages read to build themselves.
import { useQuery } from '@tanstack/react-query';
import type {
  AnteprimaCorrezione,
  Dipendenze,
  Paginated,
  RegistroVoce,
  RisorsaAdmin,
} from '@gas/contracts';
import { buildUrl, request, type Query } from '../../api/client';

export type Record_ = Record<string, unknown> & { id: number };

export const adminKeys = {
  all: ['admin'] as const,
  list: (nome: string, query: Query) => ['admin', nome, 'list', query] as const,
  record: (nome: string, id: number) => ['admin', nome, 'record', id] as const,
  titles: (nome: string) => ['admin', nome, 'titles'] as const,
  log: (query: Query) => ['admin', 'log', query] as const,
};

export const base = (nome: string) => `/api/admin/${nome}/`;
export const csvUrl = (nome: string, query: Query) => buildUrl(`${base(nome)}csv/`, query);

export function fetchPage(nome: string, query: Query, signal?: AbortSignal) {
  return request<Paginated<Record_>>(base(nome), { query, signal });
}

export const fetchRecord = (nome: string, id: number, signal?: AbortSignal) =>
  request<Record_>(`${base(nome)}${id}/`, { signal });

export const createRecord = (nome: string, body: Record<string, unknown>) =>
  request<Record_>(base(nome), { method: 'POST', body });

export const patchRecord = (nome: string, id: number, body: Record<string, unknown>) =>
  request<Record_>(`${base(nome)}${id}/`, { method: 'PATCH', body });

export const deleteRecord = (nome: string, id: number, forza = false) =>
  request<void>(`${base(nome)}${id}/`, { method: 'DELETE', query: { forza: forza ? 1 : null } });

export const fetchDipendenze = (nome: string, id: number) =>
  request<Dipendenze>(`${base(nome)}${id}/dipendenze/`);

export const bulkAction = (
  nome: string,
  body:
    | { azione: 'elimina'; ids: number[]; forza?: boolean }
    | { azione: 'modifica'; ids: number[]; valori: Record<string, unknown> },
) => request<{ azione: string; numero: number }>(`${base(nome)}azioni/`, { method: 'POST', body });

export const fetchLog = (query: Query, signal?: AbortSignal) =>
  request<Paginated<RegistroVoce>>('/api/admin/log/', { query, signal });

/** Id → title of every record of a (referenced) resource, for cells and selects. */
export function useTitles(risorsa: RisorsaAdmin | undefined) {
  return useQuery({
    queryKey: adminKeys.titles(risorsa?.nome ?? ''),
    enabled: risorsa !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const page = await fetchPage(risorsa!.nome, { page_size: 2000 }, signal);
      return new Map(page.results.map((r) => [r.id, String(r[risorsa!.titolo] ?? r.id)]));
    },
  });
}

/** What a corrected solution would change, before saving it. */
export const anteprimaCorrezione = (id: number, body: Record<string, unknown>) =>
  request<AnteprimaCorrezione>(`/api/admin/problema/${id}/anteprima-correzione/`, {
    query: {
      soluzione: body.soluzione as number | undefined,
      soluzione_exp: body.soluzione_exp as number | undefined,
      intervallo_validita: body.intervallo_validita as number | undefined,
    },
  });
