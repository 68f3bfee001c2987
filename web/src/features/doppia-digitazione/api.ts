// Double entry (issue 17): the typings of a session and what the event's
// administrators do with them (/api/gas/digitazione/).
import type { DigitazioneOut } from '@gas/contracts';
import { useQuery } from '@tanstack/react-query';
import { typedApi, type ApiBody } from '../../api/typed';

export const digitazioniKey = (sessione: number) => ['digitazioni', sessione] as const;

/** Every typing of the session, refreshed while the page is open (the typists go on typing). */
export function useDigitazioni(sessione: number) {
  return useQuery({
    queryKey: digitazioniKey(sessione),
    queryFn: ({ signal }) =>
      typedApi.list('/api/gas/digitazione/', 'digitazione', {
        query: { sessione, page_size: 1000 },
        signal,
      }),
    refetchInterval: 10_000,
  });
}

export function risolvi(id: number, body: ApiBody<'/api/gas/digitazione/{id}/risolvi/', 'post'>) {
  return typedApi.post('/api/gas/digitazione/{id}/risolvi/', 'digitazione', { path: { id }, body });
}

export function elimina(id: number) {
  return typedApi.delete('/api/gas/digitazione/{id}/', { path: { id } });
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
