// GaS's error inbox (issue 16). Every unexpected error, of the web app
// (POST /api/errori/) or of the server (the error handler, main.ts), comes
// here: its secrets are removed, it is counted in its group (impronta.ts), a
// new group (or one back after being resolved) is e-mailed to the
// superusers at most once an hour, within the inbox's e-mails an hour (the
// rest in one digest, avvisi.ts), and the server's own errors also go to
// Sentry when GAS_SENTRY_DSN is set (the web app sends its own there). An
// anonymous client's new groups are bounded (nuovi-anonimi.ts).
// Reporting never throws: a failure to report is logged and forgotten.
import { ERRORI_LIMITI, type OrigineErrore, type TipoErrore } from '@gas/contracts';
import type { Db } from '../db/client';
import type { ErroreGruppo } from '../db/schema';
import type { Mailer } from '../email/mailer';
import { avvisoErrore, baseUrlDi, riepilogoErrori } from '../email/messaggi';
import { senzaSegreti } from '../util/segreti';
import { AVVISI_ALL_ORA } from './avvisi';
import { impronta } from './impronta';
import { NuoviGruppiAnonimi } from './nuovi-anonimi';
import {
  confermaRiepilogo,
  mettiInRiepilogo,
  prendiGruppiInAttesa,
  prenotaAvviso,
  prenotaEmail,
  prenotaRiepilogo,
  registraOccorrenza,
  restituisciGruppi,
  riepilogoDovuto,
  rilasciaRiepilogo,
  superuserDaAvvisare,
} from './queries';
import { SentryServer } from './sentry';

/** The version the app shows (spec §1) and reports carry. */
export const VERSIONE_GAS = '1.6.0';

/** One e-mail per group at most this often. */
export const INTERVALLO_EMAIL_MS = 60 * 60 * 1000;

/** How often each instance looks for a digest due (avvisi.ts). */
export const CONTROLLO_RIEPILOGO_MS = 60_000;

/** The catch-all group of an anonymous client's reports past its new groups (nuovi-anonimi.ts). */
export const GRUPPO_ANONIME_OLTRE_LIMITE = {
  impronta: 'web:anonime-oltre-il-limite',
  tipo: 'segnalato',
  messaggio: 'Segnalazioni anonime oltre il limite di nuovi errori per indirizzo',
  contesto: '',
} as const;

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
  /** The client's address of an anonymous report of the web app: its new groups are bounded. */
  indirizzoAnonimo?: string;
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
  private readonly nuoviAnonimi = new NuoviGruppiAnonimi();
  private readonly controlloRiepilogo: NodeJS.Timeout;

  constructor(private readonly opts: CasellaErroriOptions) {
    this.now = opts.now ?? (() => new Date());
    this.controlloRiepilogo = setInterval(
      () => this.inSottofondo(this.inviaRiepilogo()),
      CONTROLLO_RIEPILOGO_MS,
    );
    this.controlloRiepilogo.unref();
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

  /**
   * Sends the digest of the groups whose alerts were held back, when one is
   * due and no instance sent this hour's (avvisi.ts). Every instance calls
   * it every CONTROLLO_RIEPILOGO_MS; `adesso` for tests.
   */
  async inviaRiepilogo(adesso = this.now()): Promise<void> {
    const { db, mailer } = this.opts;
    if (!(await riepilogoDovuto(db, adesso))) return;
    if (!(await prenotaRiepilogo(db, adesso))) return;
    const gruppi = await prendiGruppiInAttesa(db, adesso);
    if (gruppi.length === 0) return rilasciaRiepilogo(db, adesso);
    const ids = gruppi.map((g) => g.id);
    const base = baseUrlDi(this.opts.config);
    const voci = gruppi.map((g) => ({ ...g, ultimo: oraDiRoma.format(g.ultimo) }));
    try {
      for (const d of await superuserDaAvvisare(db)) {
        await mailer.invia(riepilogoErrori(d, voci, base, AVVISI_ALL_ORA));
      }
    } catch (err) {
      // Nothing lost: the groups wait for the next digest, the hour's digest is free again.
      await restituisciGruppi(db, ids, adesso);
      await rilasciaRiepilogo(db, adesso);
      throw err;
    }
    await confermaRiepilogo(db, ids, adesso);
  }

  /** Waits for the reports and e-mails under way, and for Sentry's queue. */
  async chiudi(): Promise<void> {
    clearInterval(this.controlloRiepilogo);
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
    const occorrenza = {
      impronta: impronta({ origine: s.origine, tipo: s.tipo, ...pulita }),
      origine: s.origine,
      tipo: s.tipo,
      ...pulita,
      versione: taglia(s.versione ?? '', 40),
      utente: s.utente,
      requestId: s.requestId ?? '',
      browser: taglia(s.browser ?? '', 300),
      quando,
    };
    const indirizzo = s.indirizzoAnonimo;
    let esito = await registraOccorrenza(this.opts.db, {
      ...occorrenza,
      ...(indirizzo !== undefined && {
        nuovoConsentito: () => this.nuoviAnonimi.consenti(indirizzo, quando),
      }),
    });
    if (esito.esito === 'nuovo_non_consentito') {
      // Past the client's new groups: counted in the catch-all group, details kept there.
      const { impronta: raccolta, ...gruppo } = GRUPPO_ANONIME_OLTRE_LIMITE;
      esito = await registraOccorrenza(this.opts.db, { ...occorrenza, impronta: raccolta, gruppo });
    }
    if (esito.esito === 'nuovo_non_consentito') return null;
    if (esito.esito === 'troppi_gruppi') {
      this.opts.log.warn(
        { origine: s.origine, tipo: s.tipo, messaggio: pulita.messaggio },
        `errori: già ${ERRORI_LIMITI.gruppi} gruppi, nuovo gruppo non registrato`,
      );
      return null;
    }
    const { gruppo, nuovo, riaperto } = esito;
    if (!nuovo && !riaperto) return null;
    const db = this.opts.db;
    return async () => {
      if (!(await prenotaEmail(db, gruppo.id, quando, INTERVALLO_EMAIL_MS))) return;
      // The hour's alerts used up: the group waits for the digest.
      if (!(await prenotaAvviso(db, quando))) return mettiInRiepilogo(db, gruppo.id, quando);
      const link = `${baseUrlDi(this.opts.config)}/admin/errori/${gruppo.id}/`;
      try {
        await this.avvisa(gruppo, nuovo, s, pulita, quando, link);
      } catch (err) {
        // Not sent: not lost either, the digest tells it.
        await mettiInRiepilogo(db, gruppo.id, quando);
        throw err;
      }
    };
  }

  private async avvisa(
    gruppo: ErroreGruppo,
    nuovo: boolean,
    s: Segnalazione,
    pulita: { percorso: string; stack: string },
    quando: Date,
    link: string,
  ): Promise<void> {
    for (const d of await superuserDaAvvisare(this.opts.db)) {
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
  }
}

/** Message and stack of anything thrown. */
function descrivi(errore: unknown): { messaggio: string; stack: string } {
  if (errore instanceof Error) {
    return { messaggio: `${errore.name}: ${errore.message}`, stack: errore.stack ?? '' };
  }
  return { messaggio: String(errore), stack: '' };
}
