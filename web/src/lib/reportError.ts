// The one place unexpected errors are reported (issue 16). Each report goes
// to the console, to GaS's own error inbox (POST /api/errori/, which tells
// the superusers by e-mail) and, when the server has a DSN, to Sentry; the
// same error at most once every 10 minutes and 10 reports a tab every 10
// minutes (errori/filtro.ts). It never throws and never reports itself.
import { isApiError } from '../api/errors';
import { FiltroSegnalazioni } from './errori/filtro';
import {
  costruisciSegnalazione,
  inviaAllaCasella,
  type TipoErroreWeb,
} from './errori/segnalazione';
import { inviaASentry } from './errori/sentry';
import { APP_VERSION } from './version';

export type { TipoErroreWeb };

const filtro = new FiltroSegnalazioni();
/** The logged-in user's id ('Anonymous' for visitors, spec §6), set by useCurrentUser. */
let utente = 'Anonymous';
/** Unit tests exercise the pages, not the inbox: nothing leaves unless a test asks. */
let invia: typeof inviaAllaCasella | null =
  import.meta.env.MODE === 'test' ? null : inviaAllaCasella;

export function impostaUtenteSegnalazioni(id: number | null): void {
  utente = id === null ? 'Anonymous' : String(id);
}

/** Tests: where reports go (null: nowhere). */
export function impostaInvioSegnalazioni(funzione: typeof inviaAllaCasella | null): void {
  invia = funzione;
}

/**
 * `tipo`: 'segnalato' for the cases the code reports on purpose (the
 * default), 'render', 'errore', 'promessa' and 'api' for the handlers that
 * catch the rest.
 */
export function reportError(error: unknown, context?: string, tipo: TipoErroreWeb = 'segnalato') {
  console.error(context ? `[GaS] ${context}` : '[GaS]', error);
  try {
    const segnalazione = costruisciSegnalazione({
      tipo,
      errore: error,
      contesto: context ?? '',
      percorso: typeof location === 'undefined' ? '' : location.pathname,
      versione: APP_VERSION.slice(1),
      requestId: isApiError(error) ? (error.requestId ?? '') : '',
    });
    const chiave = `${tipo}\n${segnalazione.contesto}\n${segnalazione.messaggio}`;
    if (!filtro.consenti(chiave)) return;
    invia?.(segnalazione).catch(() => undefined);
    inviaASentry(error, {
      tipo,
      contesto: segnalazione.contesto ?? '',
      percorso: segnalazione.percorso ?? '',
      versione: segnalazione.versione ?? '',
      utente,
      requestId: segnalazione.request_id ?? '',
    });
  } catch {
    // Reporting must never break the page it reports on.
  }
}

/** Uncaught exceptions and unhandled rejections of the whole page (main.tsx). */
export function installaSegnalazioneGlobale(target: Window = window): void {
  target.addEventListener('error', (event) => {
    // A script of another origin gives no detail ("Script error."); extensions neither.
    if (!event.error && /^Script error\.?$/.test(event.message)) return;
    reportError(event.error ?? event.message, 'window.onerror', 'errore');
  });
  target.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason, 'unhandledrejection', 'promessa');
  });
}
