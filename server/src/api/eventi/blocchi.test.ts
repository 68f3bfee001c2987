// A rebuilt snapshot keeps the blocks whose events did not change (their
// JSON and version made once), and makes anew exactly those that did: a new
// answer's block, an answer re-checked, another start.
import type { ScoringEvent } from '@gas/scoring';
import { colonne, FINESTRA_BLOCCHI_MS, raggruppaInBlocchi } from '@gas/contracts';
import { describe, expect, it } from 'vitest';
import type { SessioneSnapshot } from '../../scores/build';
import { blocchiDi } from './blocchi';

const INIZIO = Date.parse('2030-03-01T09:00:00.000Z');
let prossimaSessione = 9_000;

const risposta = (id: number, minuti: number, c = true): ScoringEvent => ({
  id,
  k: 'r',
  s: 1 + (id % 7),
  p: 1 + (id % 5),
  c,
  d: new Date(INIZIO + minuti * 60_000 + id).toISOString(),
});

/** Just what blocchiDi reads of a snapshot. */
const snapshot = (sessioneId: number, eventi: ScoringEvent[], inizio = INIZIO) =>
  ({
    sessioneId,
    punteggi: { inizio: new Date(inizio).toISOString() },
    eventi,
  }) as unknown as SessioneSnapshot;

describe('blocks of a rebuilt snapshot', () => {
  const eventi = [risposta(1, 1), risposta(2, 12), risposta(3, 25), risposta(4, 26)];

  it('keeps the unchanged blocks and makes the new answer’s block anew', () => {
    const id = prossimaSessione++;
    const prima = blocchiDi(snapshot(id, eventi));
    const dopo = blocchiDi(snapshot(id, [...eventi, risposta(5, 27)]));
    expect([...dopo.perNumero.keys()]).toEqual([0, 1, 2]);
    expect(dopo.perNumero.get(0)).toBe(prima.perNumero.get(0));
    expect(dopo.perNumero.get(1)).toBe(prima.perNumero.get(1));
    expect(dopo.perNumero.get(2)!.versione).not.toBe(prima.perNumero.get(2)!.versione);
    expect(dopo.perNumero.get(2)!.eventi).toBe(3);
  });

  it('makes anew a block whose answer was re-checked, and gives it back when it flips back', () => {
    const id = prossimaSessione++;
    const prima = blocchiDi(snapshot(id, eventi));
    const ricontrollata = eventi.map((e) => (e.id === 2 ? { ...e, c: false } : e));
    const dopo = blocchiDi(snapshot(id, ricontrollata));
    expect(dopo.perNumero.get(0)).toBe(prima.perNumero.get(0));
    expect(dopo.perNumero.get(1)!.versione).not.toBe(prima.perNumero.get(1)!.versione);
    // The version is of the content: the same events give the same version again.
    const ancora = blocchiDi(
      snapshot(
        id,
        eventi.map((e) => ({ ...e })),
      ),
    );
    expect(ancora.perNumero.get(1)!.versione).toBe(prima.perNumero.get(1)!.versione);
  });

  it('makes every block anew when the start moves, and keeps sessions apart', () => {
    const id = prossimaSessione++;
    const prima = blocchiDi(snapshot(id, eventi));
    const spostata = blocchiDi(snapshot(id, eventi, INIZIO - FINESTRA_BLOCCHI_MS));
    for (const [n, b] of spostata.perNumero) expect(b).not.toBe(prima.perNumero.get(n));
    const altra = blocchiDi(snapshot(prossimaSessione++, eventi));
    expect(JSON.parse(altra.perNumero.get(0)!.json).sessione).not.toBe(id);
  });

  it('gives the blocks raggruppaInBlocchi gives, snapshot after snapshot', () => {
    // As the kept scoring makes them (scores/stato.ts): each snapshot shares
    // its event objects with the one before, plus inserted, replaced and
    // removed events, late ones and ones in the same block included.
    const id = prossimaSessione++;
    let seme = 7;
    const caso = () => (seme = (seme * 48_271) % 2_147_483_647) / 2_147_483_647;
    let correnti: ScoringEvent[] = Array.from({ length: 300 }, (_, i) =>
      risposta(i + 1, Math.floor(caso() * 170)),
    ).sort((a, b) => a.d.localeCompare(b.d) || a.id - b.id);
    let prossimo = 1_000;
    for (let passo = 0; passo < 60; passo++) {
      const azione = caso();
      if (azione < 0.6) {
        correnti = [...correnti, risposta(prossimo++, Math.floor(caso() * 170))].sort(
          (a, b) => a.d.localeCompare(b.d) || a.id - b.id,
        );
      } else if (azione < 0.8) {
        const i = Math.floor(caso() * correnti.length);
        correnti = correnti.map((e, j) => (j === i ? { ...e, c: !(e as { c: boolean }).c } : e));
      } else {
        const i = Math.floor(caso() * correnti.length);
        correnti = correnti.filter((_, j) => j !== i);
      }
      const fatti = blocchiDi(snapshot(id, correnti));
      const attesi = raggruppaInBlocchi(correnti, INIZIO);
      expect([...fatti.perNumero.keys()]).toEqual([...attesi.keys()]);
      for (const [n, eventi] of attesi) {
        const { versione: _versione, ...cols } = JSON.parse(fatti.perNumero.get(n)!.json) as {
          versione: string;
        };
        expect(cols).toEqual(colonne(id, n, INIZIO, eventi));
      }
    }
  });
});
