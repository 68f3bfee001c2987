// One report of the error inbox (POST /api/errori/, issue 16), as the
// contracts describe it: the kind, the message and stack, where it happened
// (the page's path without secrets), the app's version, the failed call's
// request id. The server adds the user from the session and the browser.
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  ERRORI_LIMITI,
  senzaSegreti,
  type SegnalazioneErrore,
  type TIPI_ERRORE_WEB,
} from '@gas/contracts';
import type { ApiBody, ApiPath } from '../../api/typed';
import { readCookie } from '../cookies';

export type TipoErroreWeb = (typeof TIPI_ERRORE_WEB)[number];

const taglia = (testo: string, max: number) => (testo.length > max ? testo.slice(0, max) : testo);

export function descriviErrore(errore: unknown): { messaggio: string; stack: string } {
  if (errore instanceof Error) {
    const messaggio = errore.message ? `${errore.name}: ${errore.message}` : errore.name;
    return { messaggio, stack: errore.stack ?? '' };
  }
  if (typeof errore === 'string') return { messaggio: errore, stack: '' };
  try {
    return { messaggio: JSON.stringify(errore) ?? String(errore), stack: '' };
  } catch {
    return { messaggio: String(errore), stack: '' };
  }
}

export function costruisciSegnalazione(dati: {
  tipo: TipoErroreWeb;
  errore: unknown;
  contesto: string;
  percorso: string;
  versione: string;
  requestId: string;
}): SegnalazioneErrore {
  const { messaggio, stack } = descriviErrore(dati.errore);
  return {
    tipo: dati.tipo,
    // Secrets (a one-time link's token in the path, a cookie or a password in
    // a message…) never leave the browser; cleaned before being cut, since a
    // secret cut in half would no longer be recognised.
    messaggio: taglia(senzaSegreti(messaggio) || '(senza messaggio)', ERRORI_LIMITI.messaggio),
    stack: taglia(senzaSegreti(stack), ERRORI_LIMITI.stack),
    contesto: taglia(senzaSegreti(dati.contesto), ERRORI_LIMITI.contesto),
    percorso: taglia(senzaSegreti(dati.percorso), ERRORI_LIMITI.percorso),
    versione: dati.versione,
    request_id: /^[A-Za-z0-9._-]{0,100}$/.test(dati.requestId) ? dati.requestId : '',
  };
}

/** The inbox's path, one of the API document's (a type-only check: no client code). */
const CASELLA = '/api/errori/' satisfies ApiPath<'post'>;

/**
 * Posts a report with plain fetch, not the API client: a failing report must
 * never be reported in turn. `keepalive` lets it leave while the page unloads.
 */
export async function inviaAllaCasella(segnalazione: SegnalazioneErrore): Promise<void> {
  // The body the document declares for the inbox: the contracts' report is one.
  const body: ApiBody<typeof CASELLA, 'post'> = segnalazione;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  await fetch(CASELLA, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
  });
}
