import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applicaModifica, applicaTempi, RILETTURA_DOPO_CACHE_MS } from './modifiche-evento';
import { queryKeys } from './queries';

const T = (h: number) => new Date(Date.UTC(2026, 3, 15, h)).toISOString();

function client() {
  const qc = new QueryClient();
  qc.setQueryData(queryKeys.evento(3), {
    id: 3,
    inizio: T(9),
    fine: T(11),
    fine_consegna_jolly: T(10),
  });
  qc.setQueryData(queryKeys.sessione(7), { id: 7, evento: 3, inizio: T(9), fine: T(11) });
  qc.setQueryData(queryKeys.sessione(8), { id: 8, evento: 4, inizio: T(9), fine: T(11) });
  return qc;
}

describe('an event’s changes applied to the page’s data', () => {
  it('tempi: the event and each of its sessions take the new times; other events keep theirs', () => {
    const qc = client();
    applicaTempi(qc, {
      type: 'tempi',
      evento: 3,
      inizio: T(9),
      fine: T(12),
      fine_consegna_jolly: null,
    });
    expect(qc.getQueryData(queryKeys.evento(3))).toEqual({
      id: 3,
      inizio: T(9),
      fine: T(12),
      fine_consegna_jolly: null,
    });
    expect(qc.getQueryData(queryKeys.sessione(7))).toMatchObject({ fine: T(12) });
    expect(qc.getQueryData(queryKeys.sessione(8))).toMatchObject({ fine: T(11) });
  });

  it('tempi win over a read the shared cache answers with the old times, for 11 s', async () => {
    const qc = client();
    applicaTempi(qc, {
      type: 'tempi',
      evento: 3,
      inizio: T(9),
      fine: T(12),
      fine_consegna_jolly: null,
    });
    const vecchio = { id: 3, inizio: T(9), fine: T(11), fine_consegna_jolly: T(10) };
    await qc.fetchQuery({ queryKey: queryKeys.evento(3), queryFn: async () => vecchio });
    await Promise.resolve();
    expect(qc.getQueryData(queryKeys.evento(3))).toMatchObject({ fine: T(12) });
    // Past the shared cache's copy, what the server says stands.
    vi.useFakeTimers({ now: Date.now() + RILETTURA_DOPO_CACHE_MS + 1, toFake: ['Date'] });
    try {
      await qc.fetchQuery({ queryKey: queryKeys.evento(3), queryFn: async () => vecchio });
      await Promise.resolve();
      expect(qc.getQueryData(queryKeys.evento(3))).toMatchObject({ fine: T(11) });
    } finally {
      vi.useRealTimers();
    }
  });

  it('modifica: reads the named parts again now and once more after a shared cache’s copy expired', () => {
    const qc = client();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const later: { run: () => void; ms: number }[] = [];
    applicaModifica(
      qc,
      { type: 'modifica', evento: 3, parti: ['squadre', 'sessioni'] },
      (run, ms) => later.push({ run, ms }),
    );
    const keys = () => invalidate.mock.calls.map(([f]) => JSON.stringify(f?.queryKey));
    expect(keys()).toEqual(
      expect.arrayContaining([
        JSON.stringify(queryKeys.evento(3)),
        JSON.stringify(['squadre']),
        JSON.stringify(queryKeys.sessione(7)),
      ]),
    );
    expect(keys()).not.toContain(JSON.stringify(queryKeys.sessione(8)));
    const first = invalidate.mock.calls.length;
    expect(later.map((l) => l.ms)).toEqual([RILETTURA_DOPO_CACHE_MS]);
    // The same change heard again on the page's other feed: read once.
    applicaModifica(
      qc,
      { type: 'modifica', evento: 3, parti: ['sessioni', 'squadre'] },
      (run, ms) => later.push({ run, ms }),
    );
    expect(invalidate.mock.calls.length).toBe(first);
    expect(later).toHaveLength(1);
    later[0]!.run();
    expect(invalidate.mock.calls.length).toBe(2 * first);
  });
});
