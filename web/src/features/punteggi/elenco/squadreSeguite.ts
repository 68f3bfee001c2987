// 'Segui una squadra' (issue 29): up to three teams a viewer pins at the top
// of the ranking list, kept on the device (localStorage) per session.
//
// API for other features (e.g. screen-reader announcements of the pinned
// teams' rank changes):
//   useSquadreSeguite(sessioneId): readonly number[]  the pinned team ids, in
//     the order they were pinned; re-renders when they change (in this tab
//     or another).
//   seguiSquadra(sessioneId, id) / smettiDiSeguire(sessioneId, id): change them.
// The teams of the school route are pinned by the list itself and are not
// part of this set.
import { useCallback, useSyncExternalStore } from 'react';
import { useDipintaDalServer } from '../../../lib/idratazione';
import { leggi, scrivi } from './archivio';

export const MAX_SEGUITE = 3;
export const TROPPE_SEGUITE =
  'Puoi seguire al massimo tre squadre: smetti di seguirne una per seguirne un’altra.';

export const chiaveSeguite = (sessioneId: number) => `gas:punteggi:seguite:${sessioneId}`;

export type EsitoSegui = 'seguita' | 'gia-seguita' | 'troppe';

/** Adds `id` to the pinned list unless already there or the list is full. */
export function aggiungiSeguita(
  seguite: readonly number[],
  id: number,
  max = MAX_SEGUITE,
): { seguite: readonly number[]; esito: EsitoSegui } {
  if (seguite.includes(id)) return { seguite, esito: 'gia-seguita' };
  if (seguite.length >= max) return { seguite, esito: 'troppe' };
  return { seguite: [...seguite, id], esito: 'seguita' };
}

export function togliSeguita(seguite: readonly number[], id: number): readonly number[] {
  return seguite.includes(id) ? seguite.filter((s) => s !== id) : seguite;
}

/** The stored list: positive integer ids, no repeats, at most MAX_SEGUITE. */
export function leggiSeguite(text: string | null): readonly number[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    const ids = parsed.filter((x): x is number => Number.isSafeInteger(x) && (x as number) > 0);
    return [...new Set(ids)].slice(0, MAX_SEGUITE);
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
const cache = new Map<number, { raw: string | null; ids: readonly number[] }>();

function snapshot(sessioneId: number): readonly number[] {
  const raw = leggi(chiaveSeguite(sessioneId));
  const hit = cache.get(sessioneId);
  if (hit && hit.raw === raw) return hit.ids;
  const ids = leggiSeguite(raw);
  cache.set(sessioneId, { raw, ids });
  return ids;
}

function salva(sessioneId: number, ids: readonly number[]) {
  scrivi(chiaveSeguite(sessioneId), ids.length > 0 ? JSON.stringify(ids) : null);
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same device pinned or unpinned.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function seguiSquadra(sessioneId: number, id: number): EsitoSegui {
  const { seguite, esito } = aggiungiSeguita(snapshot(sessioneId), id);
  if (esito === 'seguita') salva(sessioneId, seguite);
  return esito;
}

export function smettiDiSeguire(sessioneId: number, id: number): void {
  salva(sessioneId, togliSeguita(snapshot(sessioneId), id));
}

/** The ids of the teams the viewer follows in this session. */
export function useSquadreSeguite(sessioneId: number): readonly number[] {
  const get = useCallback(() => snapshot(sessioneId), [sessioneId]);
  const seguite = useSyncExternalStore(subscribe, get, get);
  // None on the server, nor in the render that hydrates its page (the device's right after).
  return useDipintaDalServer() ? NESSUNA : seguite;
}

const NESSUNA: readonly number[] = Object.freeze([]);
