// GaS's error inbox (issue 16). Every unexpected error, of the web app
// (POST /api/errori/) or of the server (the error handler, main.ts), comes
// here: its secrets are removed, it is counted in its group (impronta.ts), a
// new group (or one back after being resolved) is e-mailed to the
// superusers at most once an hour, and the server's own errors also go to
// Sentry when GAS_SENTRY_DSN is set (the web app sends its own there).
// Reporting never throws: a failure to report is logged and forgotten.
import { ERRORI_LIMITI, type OrigineErrore, type TipoErrore } from '@gas/contracts';
import type { Db } from '../db/client';
import type { Mailer } from '../email/mailer';
import { avvisoErrore, baseUrlDi } from '../email/messaggi';
import { senzaSegreti } from '../util/segreti';
import { impronta } from './impronta';
import { prenotaEmail, registraOccorrenza, superuserDaAvvisare } from './queries';
import { SentryServer } from './sentry';

/** The version the app shows (spec §1) and reports carry. */
export const VERSIONE_GAS = '1.6.0';

/** One e-mail per group at most this often. */
export const INTERVALLO_EMAIL_MS = 60 * 60 * 1000;

export type Segnalazione = {
  origine: OrigineErrore;
  tipo: TipoErrore;
  messaggio: string;
  stack?: string;
  contesto?: string;
  percorso?: string;
  versione?: string;
  /** A user's id, or 'Anonymous'. */
  utente: string;
  requestId?: string;
  browser?: string;
};

/** The request a server error happened in: never its URL's query, headers, cookies or body. */
export type RichiestaInErrore = {
  metodo: string;
  /** The route's pattern (/api/gas/evento/:id/), not the URL. */
  rotta: string;
  requestId: string;
  userId: number | null;
};

type Log = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type CasellaErroriOptions = {
  db: Db;
  mailer: Mailer;
  config: {
    publicUrl: string | undefined;
    port: number;
    sentryDsn: string | undefined;
    nodeEnv: string;
  };
  log: Log;
  now?: () => Date;
};

const taglia = (testo: string, max: number) => (testo.length > max ? testo.slice(0, max) : testo);

const oraDiRoma = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  dateStyle: 'short',
  timeStyle: 'medium',
});

export class CasellaErrori {
  private readonly sentry: SentryServer | null;
  private readonly now: () => Date;
  /** Reports and e-mails under way, awaited by chiudi(). */
  private readonly inCorso = new Set<Promise<void>>();

  constructor(private readonly opts: CasellaErroriOptions) {
    this.now = opts.now ?? (() => new Date());
    this.sentry = opts.config.sentryDsn
      ? new SentryServer(opts.config.sentryDsn, {
          release: `gas@${VERSIONE_GAS}`,
          environment: opts.config.nodeEnv,
        })
      : null;
  }

  /**
   * Stores one report (resolves once it is stored); the superusers' e-mail,
   * when it starts a group, goes out afterwards. Never throws.
   */
  async registra(s: Segnalazione): Promise<void> {
    try {
      const avviso = await this.memorizza(s);
      if (avviso) this.inSottofondo(avviso());
    } catch (err) {
      this.opts.log.error({ err }, 'errori: segnalazione non registrata');
    }
  }

  private inSottofondo(lavoro: Promise<void>): void {
    const tracciato = lavoro
      .catch((err: unknown) => this.opts.log.error({ err }, 'errori: e-mail non inviata'))
      .finally(() => this.inCorso.delete(tracciato));
    this.inCorso.add(tracciato);
  }

  /** An unexpected error of a request (a 500): stored, e-mailed, and sent to Sentry. */
  segnalaRichiesta(errore: unknown, richiesta: RichiestaInErrore): void {
    const utente = richiesta.userId === null ? 'Anonymous' : String(richiesta.userId);
    const contesto = `${richiesta.metodo} ${richiesta.rotta}`;
    this.sentry?.cattura(errore, {
      tags: { origine: 'server', tipo: 'richiesta', rotta: contesto },
      utente,
      requestId: richiesta.requestId,
    });
    this.inSottofondo(
      this.registra({
        origine: 'server',
        tipo: 'richiesta',
        ...descrivi(errore),
        contesto,
        percorso: contesto,
        versione: VERSIONE_GAS,
        utente,
        requestId: richiesta.requestId,
      }),
    );
  }

  /** An error outside any request (an unhandled rejection, a failed timer). */
  segnalaProcesso(errore: unknown, contesto: string): void {
    this.sentry?.cattura(errore, {
      tags: { origine: 'server', tipo: 'processo', contesto },
      utente: 'Anonymous',
    });
    this.inSottofondo(
      this.registra({
        origine: 'server',
        tipo: 'processo',
        ...descrivi(errore),
        contesto,
        versione: VERSIONE_GAS,
        utente: 'Anonymous',
      }),
    );
  }

  /** Waits for the reports and e-mails under way, and for Sentry's queue. */
  async chiudi(): Promise<void> {
    while (this.inCorso.size > 0) await Promise.allSettled([...this.inCorso]);
    await this.sentry?.chiudi();
  }

  /** Counts the report in its group; answers the e-mail to send when it starts one. */
  private async memorizza(s: Segnalazione): Promise<(() => Promise<void>) | null> {
    const quando = this.now();
    const pulita = {
      messaggio: taglia(senzaSegreti(s.messaggio), ERRORI_LIMITI.messaggio) || '(senza messaggio)',
      stack: taglia(senzaSegreti(s.stack ?? ''), ERRORI_LIMITI.stack),
      contesto: taglia(senzaSegreti(s.contesto ?? ''), ERRORI_LIMITI.contesto),
      percorso: taglia(senzaSegreti(s.percorso ?? ''), ERRORI_LIMITI.percorso),
    };
    const esito = await registraOccorrenza(this.opts.db, {
      impronta: impronta({ origine: s.origine, tipo: s.tipo, ...pulita }),
      origine: s.origine,
      tipo: s.tipo,
      ...pulita,
      versione: taglia(s.versione ?? '', 40),
      utente: s.utente,
      requestId: s.requestId ?? '',
      browser: taglia(s.browser ?? '', 300),
      quando,
    });
    if (esito.esito === 'troppi_gruppi') {
      this.opts.log.warn(
        { origine: s.origine, tipo: s.tipo, messaggio: pulita.messaggio },
        `errori: già ${ERRORI_LIMITI.gruppi} gruppi, nuovo gruppo non registrato`,
      );
      return null;
    }
    const { gruppo, nuovo, riaperto } = esito;
    if (!nuovo && !riaperto) return null;
    return async () => {
      if (!(await prenotaEmail(this.opts.db, gruppo.id, quando, INTERVALLO_EMAIL_MS))) return;
      const link = `${baseUrlDi(this.opts.config)}/admin/errori/${gruppo.id}/`;
      const destinatari = await superuserDaAvvisare(this.opts.db);
      for (const d of destinatari) {
        await this.opts.mailer.invia(
          avvisoErrore(
            d,
            {
              nuovo,
              origine: gruppo.origine,
              tipo: gruppo.tipo,
              contesto: gruppo.contesto,
              messaggio: gruppo.messaggio,
              percorso: pulita.percorso,
              utente: s.utente,
              requestId: s.requestId ?? '',
              quando: oraDiRoma.format(quando),
              stack: pulita.stack,
              conteggio: gruppo.conteggio,
            },
            link,
          ),
        );
      }
    };
  }
}

/** Message and stack of anything thrown. */
function descrivi(errore: unknown): { messaggio: string; stack: string } {
  if (errore instanceof Error) {
    return { messaggio: `${errore.name}: ${errore.message}`, stack: errore.stack ?? '' };
  }
  return { messaggio: String(errore), stack: '' };
}
