// The outbox of the logged-in user on this page (one per user, shared by the
// form and the list), the hook that reads it, and the one attempt it makes:
// POST with the submission's Idempotency-Key.
import { IDEMPOTENCY_HEADER } from '@gas/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { typedApi } from '../../../api/typed';
import { apriArchivio } from './archivio';
import { Outbox, type Risultato, type OutboxState } from './outbox';
import type { Invio } from './tipi';

/** An attempt with no answer by then is given up and made again later. */
const TEMPO_MASSIMO_MS = 15_000;

async function spedisci(invio: Invio): Promise<Risultato> {
  const init = {
    // A Structured Field string, as the IETF draft writes it.
    headers: { [IDEMPOTENCY_HEADER]: `"${invio.chiave}"` },
    signal: AbortSignal.timeout(TEMPO_MASSIMO_MS),
  };
  if (invio.tipo === 'risposta') {
    const r = await typedApi.post('/api/gas/risposta/', 'consegnaRisposta', {
      ...init,
      body: invio.corpo,
    });
    // Double entry: a typing (202) until two agree; then the answer, as without it.
    if ('stato' in r) return { corretto: null, momento: r.momento_consegna, digitazione: r.stato };
    return { corretto: r.corretto ?? null, momento: r.momento_consegna };
  }
  const j = await typedApi.post('/api/gas/jolly/', 'jollyCreato', {
    ...init,
    body: invio.corpo,
  });
  return { corretto: null, momento: j.momento_consegna };
}

const outboxes = new Map<number, Promise<Outbox>>();

/** The user's outbox, opened (and its waiting entries sent) once per page. */
export function outboxOf(utente: number): Promise<Outbox> {
  let outbox = outboxes.get(utente);
  if (!outbox) {
    outbox = apriArchivio().then((archivio) => {
      const c = new Outbox(utente, { archivio, spedisci });
      void c.start();
      c.connect();
      return c;
    });
    outboxes.set(utente, outbox);
  }
  return outbox;
}

/** Tests: the next page opens the outboxes afresh. */
export function forgetOutboxes(): void {
  outboxes.clear();
}

/** A new Idempotency-Key: 128 random bits (getRandomValues works on plain http too). */
export function nuovaChiave(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const VUOTO: OutboxState = { connesso: true, durevole: true, invii: [] };
const nessunAscolto = () => () => undefined;
const vuoto = () => VUOTO;

/** The user's outbox on this page (null until it is open) and its state. */
export function useOutbox(utente: number | null): { outbox: Outbox | null; stato: OutboxState } {
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  useEffect(() => {
    if (utente === null) return;
    let attivo = true;
    void outboxOf(utente).then((c) => attivo && setOutbox(c));
    return () => {
      attivo = false;
    };
  }, [utente]);
  const stato = useSyncExternalStore(outbox?.subscribe ?? nessunAscolto, outbox?.read ?? vuoto);
  return { outbox, stato };
}
