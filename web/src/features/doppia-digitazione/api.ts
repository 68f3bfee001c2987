// Double entry (issue 17): the typings of a session and what the event's
// administrators do with them (/api/gas/digitazione/).
import type { DigitazioneOut, RisoluzioneDigitazioneRequest } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, getList } from '../../api/client';

export const digitazioniKey = (sessione: number) => ['digitazioni', sessione] as const;

/** Every typing of the session, refreshed while the page is open (the typists go on typing). */
export function useDigitazioni(sessione: number) {
  return useQuery({
    queryKey: digitazioniKey(sessione),
    queryFn: ({ signal }) =>
      getList('/api/gas/digitazione/', 'digitazione', { sessione, page_size: 1000 }, { signal }),
    refetchInterval: 10_000,
  });
}

export function risolvi(id: number, decisione: RisoluzioneDigitazioneRequest) {
  return api.post(`/api/gas/digitazione/${id}/risolvi/`, 'digitazione', decisione);
}

export function elimina(id: number) {
  return api.delete(`/api/gas/digitazione/${id}/`);
}

/** Two typings of one slip that disagree: the older first. */
export type Coppia = [DigitazioneOut, DigitazioneOut];

export function coppieDiscordanti(lista: readonly DigitazioneOut[]): Coppia[] {
  const perId = new Map(lista.map((d) => [d.id, d]));
  const coppie: Coppia[] = [];
  for (const d of lista) {
    if (d.stato !== 'discordante' || d.abbinata_a === null || d.abbinata_a < d.id) continue;
    const altra = perId.get(d.abbinata_a);
    if (altra) coppie.push([d, altra]);
  }
  return coppie;
}

/**
 * The decisions taken, newest first: the two typings of each decided pair
 * together (the older first), and a typing dropped while it waited alone.
 */
export function decisioni(lista: readonly DigitazioneOut[]): DigitazioneOut[][] {
  const decise = lista.filter((d) => d.stato === 'risolta' || d.stato === 'scartata');
  const perId = new Map(decise.map((d) => [d.id, d]));
  const gruppi: DigitazioneOut[][] = [];
  for (const d of decise) {
    const altra = d.abbinata_a === null ? undefined : perId.get(d.abbinata_a);
    if (altra && altra.id < d.id) continue;
    gruppi.push(altra ? [d, altra] : [d]);
  }
  return gruppi.sort((a, b) => (b[0]!.risolta_il ?? '').localeCompare(a[0]!.risolta_il ?? ''));
}
