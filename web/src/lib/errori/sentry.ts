// The web app's reports to a Sentry-compatible service (issue 16), when the
// server was started with GAS_SENTRY_DSN: it puts the DSN in index.html
// (<meta name="gas-sentry-dsn">) and allows its origin in the CSP. The
// official SDK (@sentry/react) is loaded only when the first error is
// reported, so pages that work never download it, and it is used as a client
// of its own (no global handlers: reportError decides what goes out, once).
import { senzaSegreti } from '@gas/contracts';
import type { TipoErroreWeb } from './segnalazione';

export type DatiSentry = {
  tipo: TipoErroreWeb;
  contesto: string;
  percorso: string;
  versione: string;
  utente: string;
  requestId: string;
};

type Cattura = (errore: unknown, dati: DatiSentry) => void;

type EventoSentry = {
  message?: string;
  exception?: { values?: { value?: string }[] };
  request?: { url?: string };
};

/** Secrets out of what leaves the browser, as the server cleans its own events. */
export function pulisciEvento<E extends EventoSentry>(evento: E): E {
  for (const eccezione of evento.exception?.values ?? []) {
    if (eccezione.value) eccezione.value = senzaSegreti(eccezione.value);
  }
  if (evento.message) evento.message = senzaSegreti(evento.message);
  if (evento.request?.url) evento.request.url = senzaSegreti(evento.request.url);
  return evento;
}

let cattura: Promise<Cattura | null> | null = null;

function dsn(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="gas-sentry-dsn"]')?.content || null;
}

async function caricaSentry(indirizzo: string, versione: string): Promise<Cattura> {
  const Sentry = await import('@sentry/react');
  const client = new Sentry.BrowserClient({
    dsn: indirizzo,
    release: `gas@${versione}`,
    environment: import.meta.env.MODE,
    transport: Sentry.makeFetchTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
    beforeSend: pulisciEvento,
  });
  const base = new Sentry.Scope();
  base.setClient(client);
  client.init();
  return (errore, dati) => {
    const scope = base.clone();
    scope.setUser({ id: dati.utente });
    scope.setTags({
      tipo: dati.tipo,
      contesto: dati.contesto,
      percorso: dati.percorso,
      ...(dati.requestId ? { request_id: dati.requestId } : {}),
    });
    scope.captureException(errore);
  };
}

/** Sends the error to Sentry when a DSN is configured; otherwise does nothing. */
export function inviaASentry(errore: unknown, dati: DatiSentry): void {
  const indirizzo = dsn();
  if (!indirizzo) return;
  cattura ??= caricaSentry(indirizzo, dati.versione).catch(() => null);
  void cattura.then((c) => c?.(errore, dati));
}
