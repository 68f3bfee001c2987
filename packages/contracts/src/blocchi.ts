// The compact form of a session's scoring events (issue 18), one source for
// the server that writes it and the page that reads it. Zod-free: the scores
// page's bundle needs only these few functions.
//
// Events are grouped by delivery time into blocks of FINESTRA_BLOCCHI_MS from
// the session's start (earlier ones go in block 0); each block lists its
// events by id in columns. A block's version is a hash of its content, so a
// URL naming block and version always gives the same bytes.

/** Ten minutes of delivery time per block: about 18 blocks in a 3-hour final. */
export const FINESTRA_BLOCCHI_MS = 10 * 60_000;

/**
 * A scoring event as risposta-all gives it (spec §5): c only on answers. The
 * loose shape of @gas/scoring's ScoringEvent (which the server's snapshot
 * holds), not the strict union of the wire's EventoPunteggio.
 */
export type EventoCompattabile = {
  id: number;
  k: 'r' | 'j';
  s: number;
  p: number;
  c?: boolean;
  d: string;
};

/** One block in columns (bloccoEventiSchema). */
export type ColonneBlocco = {
  sessione: number;
  blocco: number;
  versione: string;
  inizio: string;
  id: number[];
  k: string;
  s: number[];
  p: number[];
  c: string;
  d: number[];
};

export function bloccoDi(momento: number, inizio: number): number {
  return Math.max(0, Math.floor((momento - inizio) / FINESTRA_BLOCCHI_MS));
}

/** The events of each block, by id, in block order. */
export function raggruppaInBlocchi<E extends EventoCompattabile>(
  eventi: readonly E[],
  inizio: number,
): Map<number, E[]> {
  const out = new Map<number, E[]>();
  const ordinati = [...eventi].sort((a, b) => a.id - b.id);
  for (const e of ordinati) {
    const n = bloccoDi(Date.parse(e.d), inizio);
    const lista = out.get(n);
    if (lista) lista.push(e);
    else out.set(n, [e]);
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** The columns of a block's events (sorted by id), without its version. */
export function colonne(
  sessione: number,
  blocco: number,
  inizio: number,
  eventi: readonly EventoCompattabile[],
): Omit<ColonneBlocco, 'versione'> {
  const start = inizio + blocco * FINESTRA_BLOCCHI_MS;
  let prima = 0;
  return {
    sessione,
    blocco,
    inizio: new Date(start).toISOString(),
    id: eventi.map((e) => {
      const delta = e.id - prima;
      prima = e.id;
      return delta;
    }),
    k: eventi.map((e) => e.k).join(''),
    s: eventi.map((e) => e.s),
    p: eventi.map((e) => e.p),
    c: eventi.map((e) => (e.k === 'j' ? '-' : e.c ? '1' : '0')).join(''),
    d: eventi.map((e) => Date.parse(e.d) - start),
  };
}

/** The events of a block, as risposta-all gives them. */
export function decodificaBlocco(b: ColonneBlocco): EventoCompattabile[] {
  const start = Date.parse(b.inizio);
  const out: EventoCompattabile[] = [];
  let id = 0;
  for (let i = 0; i < b.id.length; i++) {
    id += b.id[i]!;
    const d = new Date(start + b.d[i]!).toISOString();
    const base = { id, s: b.s[i]!, p: b.p[i]!, d };
    out.push(b.k[i] === 'j' ? { ...base, k: 'j' } : { ...base, k: 'r', c: b.c[i] === '1' });
  }
  return out;
}
