// Use case: an event's administrators and inseritori appointed (issue 26).
import type { InvitoRequest } from '@gas/contracts';
import { loadEventoWithAccess } from '../../access/queries';
import { NOTE_SEGRETI } from '../../audit/account';
import type { AuditContext } from '../../audit/queries';
import { inviaLinkPassword } from '../../auth/inviti';
import type { Db } from '../../db/client';
import type { Mailer } from '../../email/mailer';
import { baseUrlDi } from '../../email/messaggi';
import { apiError } from '../../errors';
import { canInvite, type Actor } from '../../policies';
import { requireEvento } from '../permessi';
import { auditAfter, auditBefore } from '../registro/audit';
import { nomina } from './queries';

export type DepsStaff = {
  db: Db;
  mailer: Mailer;
  config: { publicUrl: string | undefined; port: number };
};
type Chi = {
  actor: Actor;
  audit: AuditContext;
  log: { error(obj: object, msg: string): void };
};

/** New accounts one user may make by invitation in 24 hours (each gets an e-mail). */
export const NUOVI_ACCOUNT_AL_GIORNO = 20;
export const TROPPI_NUOVI_ACCOUNT = `Hai già invitato ${NUOVI_ACCOUNT_AL_GIORNO} nuovi utenti nelle ultime 24 ore: riprova domani, o nomina utenti già registrati.`;

/**
 * The new accounts each user made by invitation in the last 24 hours, in this
 * instance's memory (several instances allow this many each: still a bound on
 * the e-mails one person can have the product send). Not the database's
 * `creato_da`: that column gives its holder the right to manage the account.
 */
export class NuoviAccount {
  private perUtente = new Map<number, number[]>();
  constructor(private readonly limite = NUOVI_ACCOUNT_AL_GIORNO) {}

  private recenti(userId: number, now: number) {
    const dal = now - 24 * 3600_000;
    const lista = (this.perUtente.get(userId) ?? []).filter((t) => t > dal);
    this.perUtente.set(userId, lista);
    return lista;
  }

  esaurito(userId: number, now = Date.now()) {
    return this.recenti(userId, now).length >= this.limite;
  }

  conta(userId: number, now = Date.now()) {
    this.recenti(userId, now).push(now);
  }
}

/**
 * The appointment of POST /api/gas/evento/{id}/invita/, with this instance's
 * count of new accounts: whoever may appoint the event's staff
 * (canInvite) names an account, or an address that gets a new account and,
 * after the commit, its e-mail. Answers nothing either way (the route's 204
 * does not tell whether an address had an account).
 */
export function nominaStaff(deps: DepsStaff) {
  const nuovi = new NuoviAccount();
  return async ({ actor, audit, log }: Chi, eventoId: number, body: InvitoRequest) => {
    requireEvento(actor, await loadEventoWithAccess(deps.db, eventoId), canInvite);
    const invitante = actor.userId!;
    const bersaglio = body.utente !== undefined ? { utente: body.utente } : { email: body.email! };
    // The appointment is in the log as a change of the event's staff lists,
    // and a new account as its creation, in the same transaction.
    const esito = await deps.db.transaction(async (tx) => {
      const prima = await auditBefore(tx, 'evento', eventoId);
      const fatto = await nomina(
        tx,
        eventoId,
        bersaglio,
        body.ruolo,
        () => !nuovi.esaurito(invitante),
      );
      if (fatto.esito === 'nominato') {
        if (fatto.nuovoAccount)
          await auditAfter(tx, audit, 'user', fatto.nuovoAccount.userId, null);
        await auditAfter(tx, audit, 'evento', eventoId, prima);
      }
      return fatto;
    });
    if (esito.esito === 'troppi') throw apiError('throttled', TROPPI_NUOVI_ACCOUNT);
    if (esito.esito === 'nominato' && esito.nuovoAccount) {
      nuovi.conta(invitante);
      const account = esito.nuovoAccount;
      // Sent after the answer: its time does not tell whether the address had an account.
      void inviaLinkPassword(
        { db: deps.db, mailer: deps.mailer, baseUrl: baseUrlDi(deps.config) },
        account,
        'imposta',
        { ...audit, nota: NOTE_SEGRETI.linkInvito },
      ).catch((err: unknown) =>
        log.error({ err, userId: account.userId }, 'invito evento: e-mail non inviata'),
      );
    }
  };
}
