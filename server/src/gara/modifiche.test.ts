import type { ModificaGara } from '@gas/contracts';
import { modificaGaraSchema } from '@gas/contracts';
import { describe, expect, it, vi } from 'vitest';
import { FlussoModifiche } from './modifiche';

const consegna: ModificaGara = {
  tipo: 'consegna',
  sessione: 3,
  evento: { id: 9, k: 'r', s: 4, p: 5, c: true, d: '2026-04-15T09:12:03.000Z' },
  ricontrollata: false,
};

describe('the change stream', () => {
  it('gives every change to every subscriber, in the order they subscribed', () => {
    const flusso = new FlussoModifiche();
    const visti: string[] = [];
    flusso.iscrivi('primo', (m) => visti.push(`primo ${m.tipo}`));
    flusso.iscrivi('secondo', (m) => visti.push(`secondo ${m.tipo}`));
    flusso.emetti(consegna, { tipo: 'consegna_eliminata', sessione: 3, id: 9 });
    expect(visti).toEqual([
      'primo consegna',
      'secondo consegna',
      'primo consegna_eliminata',
      'secondo consegna_eliminata',
    ]);
  });

  it('a failing subscriber is logged and keeps the change from no other', () => {
    const log = { error: vi.fn() };
    const flusso = new FlussoModifiche(log);
    const dopo = vi.fn();
    flusso.iscrivi('rotto', () => {
      throw new Error('guasto');
    });
    flusso.iscrivi('dopo', dopo);
    expect(() => flusso.emetti(consegna)).not.toThrow();
    expect(dopo).toHaveBeenCalledWith(consegna);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ iscritto: 'rotto', tipo: 'consegna' }),
      'modifica non applicata',
    );
  });

  it('an unsubscribed listener hears nothing more', () => {
    const flusso = new FlussoModifiche();
    const ascolta = vi.fn();
    const smetti = flusso.iscrivi('breve', ascolta);
    smetti();
    flusso.emetti(consegna);
    expect(ascolta).not.toHaveBeenCalled();
  });

  it('the contracts’ schema accepts each kind and refuses a malformed one', () => {
    expect(modificaGaraSchema.parse(consegna)).toEqual(consegna);
    expect(
      modificaGaraSchema.safeParse({ tipo: 'classifiche_da_ricalcolare', sessioni: [] }).success,
    ).toBe(false);
    expect(
      modificaGaraSchema.safeParse({ ...consegna, evento: { ...consegna.evento, c: undefined } })
        .success,
    ).toBe(false);
    expect(modificaGaraSchema.safeParse({ tipo: 'altro' }).success).toBe(false);
  });
});
