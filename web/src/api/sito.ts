// Site content (spec §1, §2): settings, sponsors, credits and the Albo d'oro.
import { useQuery } from '@tanstack/react-query';
import type { SitoServer } from '@gas/contracts';
import { api, getList } from './client';
import { queryKeys } from './queries';

export interface Persona {
  nome: string;
  ruolo?: string;
  affiliazione?: string;
}

export interface Notizia {
  titolo: string;
  testo: string;
  /** YYYY-MM-DD */
  data: string;
}

export interface Webinar {
  /** YYYY-MM-DD */
  data: string;
  /** HH:MM, Italian time */
  ora: string;
  titolo: string;
  descrizione: string;
  link: string;
}

export interface DocumentiAnno {
  regolamento: string;
  logistica: string;
  poli?: string;
}

/**
 * GET /api/gas/sito/: every key may be null when not configured; the server's
 * own settings (map_tile_url, chat_url) come from its environment.
 */
export interface Sito extends Partial<SitoServer> {
  home: {
    notizie: Notizia[];
    video_url: string;
    chi_siamo_anteprima: string;
    regolamento_sintesi: string;
  } | null;
  regolamento: Record<string, DocumentiAnno> | null;
  webinar: Webinar[] | null;
  finale: {
    inizio: string;
    fine: string;
    luogo: string;
    calendario: { data: string; descrizione: string }[];
  } | null;
  chi_siamo: {
    direzione: Persona[];
    docenti_formazione: Persona[];
    sviluppatori: Persona[];
    ringraziamenti: string[];
    docenti_scuole: Persona[];
  } | null;
}

export interface Sponsor {
  name: string;
  logo_url: string;
  website: string;
  description: string;
}

export interface Collaboratore {
  nome: string;
  contributi: number;
}

export interface Vincitore {
  posizione: number;
  id: number;
  nome: string;
  totale: number;
  scuola: { id: number; nome: string; citta: string | null } | null;
}

export interface AlboEvento {
  id: number;
  titolo: string;
  inizio: string;
  fine: string;
  anno: number;
  sessioni: { id: number; nome: string; squadre: number; podio: Vincitore[] }[];
}

const CONTENT_STALE_MS = 5 * 60_000;

export function useSito() {
  return useQuery({
    queryKey: queryKeys.sito,
    queryFn: ({ signal }) => api.get<Sito>('/api/gas/sito/', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useSponsor() {
  return useQuery({
    queryKey: queryKeys.sponsor,
    queryFn: ({ signal }) => getList<Sponsor>('/api/gas/sponsor/', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useTopContributors() {
  return useQuery({
    queryKey: queryKeys.topContributors,
    queryFn: ({ signal }) =>
      getList<Collaboratore>('/api/top-contributors/', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The collaborators call answers a JSON string holding the JSON list (spec §7). */
export function parseCollaboratori(body: unknown): Collaboratore[] {
  const value: unknown = typeof body === 'string' ? JSON.parse(body) : body;
  if (!Array.isArray(value)) throw new Error('Elenco dei collaboratori non valido.');
  return value.filter(
    (item): item is Collaboratore =>
      typeof item === 'object' && item !== null && typeof (item as Collaboratore).nome === 'string',
  );
}

export function useCollaboratori() {
  return useQuery({
    queryKey: queryKeys.collaboratori,
    queryFn: async ({ signal }) =>
      parseCollaboratori(await api.get<unknown>('/api/gas/collaboratori/', undefined, { signal })),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useAlboDoro() {
  return useQuery({
    queryKey: queryKeys.alboDoro,
    queryFn: ({ signal }) => getList<AlboEvento>('/api/gas/albo-d-oro/', undefined, { signal }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The community chat server (server GAS_CHAT_URL), or null: then no chat link is shown. */
export function useChatUrl(): string | null {
  return useSito().data?.chat_url ?? null;
}
