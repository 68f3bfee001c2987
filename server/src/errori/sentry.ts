// The server's reports to a Sentry-compatible service (issue 16), through the
// official SDK (@sentry/node) used as a client of its own rather than through
// Sentry.init: no global handlers or automatic instrumentation are installed
// (the error handler and main.ts decide what is reported, once), and every
// app instance of a test process has its own client and DSN.
import {
  NodeClient,
  Scope,
  defaultStackParser,
  makeNodeTransport,
  type ErrorEvent,
} from '@sentry/node';
import { senzaSegreti } from '../util/segreti';

export type ContestoSentry = {
  tags: Record<string, string>;
  utente: string;
  requestId?: string;
};

/** Secrets out of what leaves the server: messages, stack frames' context, request data. */
function pulisci(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.breadcrumbs;
  for (const eccezione of event.exception?.values ?? []) {
    if (eccezione.value) eccezione.value = senzaSegreti(eccezione.value);
  }
  if (event.message) event.message = senzaSegreti(event.message);
  return event;
}

export class SentryServer {
  private readonly client: NodeClient;
  private readonly scope = new Scope();

  constructor(dsn: string, opzioni: { release: string; environment: string }) {
    this.client = new NodeClient({
      dsn,
      release: opzioni.release,
      environment: opzioni.environment,
      transport: makeNodeTransport,
      stackParser: defaultStackParser,
      integrations: [],
      beforeSend: pulisci,
    });
    this.scope.setClient(this.client);
    this.client.init();
  }

  cattura(errore: unknown, contesto: ContestoSentry): void {
    const scope = this.scope.clone();
    scope.setTags(contesto.tags);
    scope.setUser({ id: contesto.utente });
    if (contesto.requestId) scope.setTag('request_id', contesto.requestId);
    scope.captureException(errore);
  }

  /** Sends what is queued (at most `ms`), then stops. */
  async chiudi(ms = 2000): Promise<void> {
    await this.client.close(ms);
  }
}
