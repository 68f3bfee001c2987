// The back office's calls (/api/admin/, issue 14). Records are generic
// (`Record<string, unknown>`): their shape is the resource's description in
// @gas/contracts (admin/risorse.ts), which the pages read to build themselves.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  type Dipendenze,
  type Paginated,
  type PermessiRecord,
  type RisorsaAdmin,
  type TitoloRecord,
} from '@gas/contracts';
import { buildUrl, request, type Query } from '../../api/client';
import { typedApi } from '../../api/typed';

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

/** What the signed-in user may set on a new record of `nome`. */
export const fetchPermessiNuovo = (nome: string, signal?: AbortSignal) =>
  request<PermessiRecord>(`${base(nome)}permessi/`, { signal });

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
  typedApi.page('/api/admin/log/', 'registroVoce', { query, signal });

/** Records named in one call at most (the server's `id__in` bound). */
const TITLES_MAX = 500;

/**
 * Id and title of records of `risorsa`, as the server names them for other
 * resources ('Evento — Sessione Nord', a manager by his account): the list's
 * filters, search and ids apply.
 */
const fetchTitoli = (risorsa: RisorsaAdmin, query: Query, signal?: AbortSignal) =>
  request<Paginated<TitoloRecord>>(`${base(risorsa.nome)}titoli/`, { query, signal });

/** Id → title of the records of `risorsa` with these ids. */
export async function fetchTitles(
  risorsa: RisorsaAdmin,
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)].slice(0, TITLES_MAX);
  if (unique.length === 0) return new Map();
  const page = await fetchTitoli(
    risorsa,
    { id__in: unique.join(','), page_size: unique.length },
    signal,
  );
  return new Map(page.results.map((r) => [r.id, r.titolo]));
}

const titlesQuery = (risorsa: RisorsaAdmin | undefined, ids: readonly number[]) => {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return {
    queryKey: [...adminKeys.titles(risorsa?.nome ?? ''), wanted] as const,
    enabled: risorsa !== undefined && wanted.length > 0,
    staleTime: 60_000,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchTitles(risorsa!, wanted, signal),
  };
};

/** Id → title of the given records of a referenced resource (cells, chosen values). */
export function useTitlesOf(risorsa: RisorsaAdmin | undefined, ids: readonly number[]) {
  return useQuery({ ...titlesQuery(risorsa, ids), placeholderData: keepPreviousData }).data;
}

/** The same for several references at once (the columns of a list page). */
export function useTitlesOfEach(wanted: { risorsa?: RisorsaAdmin; ids: number[] }[]) {
  return useQueries({ queries: wanted.map((w) => titlesQuery(w.risorsa, w.ids)) }).map(
    (q) => q.data,
  );
}

/** Records of `risorsa` matching `text` (its list's search), narrowed by `filtro`: id and title. */
export async function searchTitles(
  risorsa: RisorsaAdmin,
  text: string,
  filtro: Query,
  signal?: AbortSignal,
): Promise<[number, string][]> {
  const page = await fetchTitoli(
    risorsa,
    { ...filtro, search: text.trim() || null, page_size: SEARCH_RESULTS },
    signal,
  );
  return page.results.map((r) => [r.id, r.titolo]);
}

/** Choices shown at once by a reference's search. */
export const SEARCH_RESULTS = 20;

/** What a corrected solution would change, before saving it. */
export const anteprimaCorrezione = (id: number, body: Record<string, unknown>) =>
  typedApi.get('/api/admin/problema/{id}/anteprima-correzione/', 'anteprimaCorrezione', {
    path: { id },
    query: {
      soluzione: body.soluzione as number | undefined,
      soluzione_exp: body.soluzione_exp as number | undefined,
      intervallo_validita: body.intervallo_validita as number | undefined,
    },
  });
