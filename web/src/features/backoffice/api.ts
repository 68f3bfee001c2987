// The back office's calls (/api/admin/, issue 14). Records are generic
// (`Record<string, unknown>`): their shape is the resource's description in
// @gas/contracts (admin/risorse.ts), which the pages read to build themselves.
// Each call names the document's path of its resource (`/api/admin/${nome}/`,
// `nome` one of the descriptions' names) and its answer (`admin/${nome}`), as
// every other call of the typed client does.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  risorsaProblema,
  type NomeRisorsaAdmin,
  type Paginated,
  type RisorsaAdmin,
  type TitoloRecord,
} from '@gas/contracts';
import { api, buildUrl, type Query } from '../../api/client';
import { typedApi, type ApiBody } from '../../api/typed';

export type Record_ = Record<string, unknown> & { id: number };

export const adminKeys = {
  all: ['admin'] as const,
  list: (nome: string, query: Query) => ['admin', nome, 'list', query] as const,
  record: (nome: string, id: number) => ['admin', nome, 'record', id] as const,
  titles: (nome: string) => ['admin', nome, 'titles'] as const,
  log: (query: Query) => ['admin', 'log', query] as const,
};

export const base = (nome: NomeRisorsaAdmin) => `/api/admin/${nome}/` as const;
export const csvUrl = (nome: NomeRisorsaAdmin, query: Query) =>
  buildUrl(`/api/admin/${nome}/csv/`, query);

export async function fetchPage(
  nome: NomeRisorsaAdmin,
  query: Query,
  signal?: AbortSignal,
): Promise<Paginated<Record_>> {
  return typedApi.page(base(nome), `admin/${nome}`, { query, signal });
}

export const fetchRecord = async (
  nome: NomeRisorsaAdmin,
  id: number,
  signal?: AbortSignal,
): Promise<Record_> =>
  typedApi.get(`/api/admin/${nome}/{id}/`, `admin/${nome}`, { path: { id }, signal });

/** What the signed-in user may set on a new record of `nome`. */
export const fetchPermessiNuovo = (nome: NomeRisorsaAdmin, signal?: AbortSignal) =>
  typedApi.get(`/api/admin/${nome}/permessi/`, 'permessiRecord', { signal });

// Not `typedApi`: the body is the form's values of whichever resource
// (fields.ts), which no one resource's request type describes, and some
// resources have no POST; the server checks the body with the resource's schema.
export const createRecord = async (
  nome: NomeRisorsaAdmin,
  body: Record<string, unknown>,
): Promise<Record_> => api.post(base(nome), `admin/${nome}`, body);

// Not `typedApi`: answers and jokers have no PATCH, so no document path takes every `nome`.
export const patchRecord = async (
  nome: NomeRisorsaAdmin,
  id: number,
  body: Record<string, unknown>,
): Promise<Record_> => api.patch(`${base(nome)}${id}/`, `admin/${nome}`, body);

export const deleteRecord = (nome: NomeRisorsaAdmin, id: number, forza = false) =>
  typedApi.delete(`/api/admin/${nome}/{id}/`, {
    path: { id },
    query: { forza: forza ? 1 : null },
  });

export const fetchDipendenze = (nome: NomeRisorsaAdmin, id: number) =>
  typedApi.get(`/api/admin/${nome}/{id}/dipendenze/`, 'dipendenze', { path: { id } });

export const bulkAction = (
  nome: NomeRisorsaAdmin,
  body: ApiBody<`/api/admin/${NomeRisorsaAdmin}/azioni/`, 'post'>,
) => typedApi.post(`/api/admin/${nome}/azioni/`, 'esitoAzione', { body });

export const fetchLog = (query: Query, signal?: AbortSignal) =>
  typedApi.page('/api/admin/log/', 'registroVoce', { query, signal });

/** Records named in one call at most (the server's `id__in` bound). */
const TITLES_MAX = 500;

/**
 * Id and title of records of `risorsa`, as the server names them for other
 * resources ('Evento — Sessione Nord', a manager by his account): the list's
 * filters, search and ids apply.
 */
const fetchTitoli = (
  risorsa: RisorsaAdmin,
  query: Query,
  signal?: AbortSignal,
): Promise<Paginated<TitoloRecord>> =>
  typedApi.page(`/api/admin/${risorsa.nome}/titoli/`, 'titoloRecord', { query, signal });

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

/**
 * What a corrected solution would change, before saving it: `body` is the
 * problem's form, already checked by its request schema (read again here for
 * its types).
 */
export const anteprimaCorrezione = (id: number, body: Record<string, unknown>) => {
  const { soluzione, soluzione_exp, intervallo_validita } = risorsaProblema.request
    .partial()
    .parse(body);
  return typedApi.get('/api/admin/problema/{id}/anteprima-correzione/', 'anteprimaCorrezione', {
    path: { id },
    query: { soluzione, soluzione_exp, intervallo_validita },
  });
};
