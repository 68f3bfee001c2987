// react-query hooks over the API client. Keys live here so that later
// features invalidate the same caches.
import type { Evento, Squadra, Tipologia, User } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { ANONYMOUS_USER, fetchWhoami } from './auth';
import { typedApi } from './typed';
import { CURRENT_EVENT_WINDOW_MS, findCurrentEvent } from '../lib/currentEvent';
import { impostaUtenteSegnalazioni, reportError } from '../lib/reportError';

export interface EventiFilter {
  tipologia?: Tipologia;
  tipologia__in?: readonly Tipologia[];
}

export const queryKeys = {
  whoami: ['whoami'] as const,
  eventi: (filter: EventiFilter = {}) => ['eventi', filter] as const,
  evento: (id: number) => ['evento', id] as const,
  sessione: (id: number) => ['sessione', id] as const,
  squadreInSessione: (sessione: number) => ['squadre', 'in_sessione', sessione] as const,
  problemi: (evento: number) => ['problemi', evento] as const,
  serverTime: ['serverTime'] as const,
  sito: ['sito'] as const,
  sponsor: ['sponsor'] as const,
  topContributors: ['topContributors'] as const,
  collaboratori: ['collaboratori'] as const,
  alboDoro: ['alboDoro'] as const,
};

export function fetchEventi(filter: EventiFilter = {}, signal?: AbortSignal): Promise<Evento[]> {
  return typedApi.list('/api/gas/evento/', 'evento', { query: filter, signal });
}

/**
 * The logged-in user. On failure the app goes on with a logged-out user and
 * the error is reported (spec §7); `isPending` is true only on first load.
 */
export function useCurrentUser(): { user: User; isPending: boolean } {
  const query = useQuery({
    queryKey: queryKeys.whoami,
    queryFn: async ({ signal }) => {
      try {
        const user = await fetchWhoami(signal);
        // Error reports name the user (spec §6: 'Anonymous' for visitors).
        impostaUtenteSegnalazioni(user.id);
        // A visitor is the user assumed before the answer, the same object:
        // what depends on the user (a scores page's own schools, its tabs)
        // is not computed and rendered again when whoami answers.
        return user.is_authenticated ? user : ANONYMOUS_USER;
      } catch (error) {
        if (signal.aborted) throw error;
        reportError(error, 'whoami');
        return ANONYMOUS_USER;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { user: query.data ?? ANONYMOUS_USER, isPending: query.isPending };
}

export function useEventi(filter: EventiFilter = {}) {
  return useQuery({
    queryKey: queryKeys.eventi(filter),
    queryFn: ({ signal }) => fetchEventi(filter, signal),
    staleTime: 60_000,
  });
}

/**
 * The first day of the events that may still be current (the 'Evento
 * corrente' window before today): a day, not an instant, so the query's key
 * stays the same all day.
 */
export const inizioEventiCorrenti = (now = Date.now()) =>
  new Date(now - CURRENT_EVENT_WINDOW_MS).toISOString().slice(0, 10);

/** The user's own teams (spec §6) in the current and coming events ('Le mie squadre', the navbar). */
export function useMieSquadreCorrenti(enabled = true) {
  const dal = inizioEventiCorrenti();
  return useQuery({
    // Under ['squadre', 'mie']: what invalidates the user's teams refreshes these too.
    queryKey: ['squadre', 'mie', 'correnti', dal] as const,
    enabled,
    queryFn: ({ signal }): Promise<Squadra[]> =>
      typedApi.list('/api/gas/squadra/mie/', 'squadra', {
        query: { sessione__evento__inizio__gte: dal },
        signal,
      }),
    staleTime: 60_000,
  });
}

/**
 * 'Evento corrente' of the navbar: null when none, while loading, or when the
 * call fails. A manager's own event (his teams, or his role in it) comes first.
 */
export function useEventoCorrente(): Evento | null {
  const { data } = useEventi();
  const { user } = useCurrentUser();
  const profilo = user.responsabile;
  const mie = useMieSquadreCorrenti(profilo !== null);
  if (!data) return null;
  const conSquadre = new Set((mie.data ?? []).map((s) => s.evento));
  return findCurrentEvent(
    data,
    Date.now(),
    (e) =>
      conSquadre.has(e.id) ||
      (profilo !== null &&
        (e.amministratori.includes(profilo.id) || e.inseritori.includes(profilo.id))),
  );
}

export function useEvento(id: number) {
  return useQuery({
    queryKey: queryKeys.evento(id),
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/evento/{id}/', 'evento', { path: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSessione(id: number) {
  return useQuery({
    queryKey: queryKeys.sessione(id),
    queryFn: ({ signal }) =>
      typedApi.get('/api/gas/sessione/{id}/', 'sessione', { path: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The teams enrolled in a session, with school and city (session cards). */
export function useSquadreInSessione(sessione: number) {
  return useQuery({
    queryKey: queryKeys.squadreInSessione(sessione),
    queryFn: ({ signal }) =>
      typedApi.list('/api/gas/squadra/in_sessione/', 'squadra', { query: { sessione }, signal }),
    staleTime: 60_000,
  });
}
