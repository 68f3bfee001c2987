// The event's staff (issue 26): GET /api/gas/evento/{id}/candidati/?q= finds
// accounts to appoint; the appointment itself (POST …/invita/, routes.ts)
// goes through `nominaDa`.
import { candidatiQuery, candidatiSchema, idParams, type InvitoRequest } from '@gas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadEventoWithAccess } from '../../../access/queries';
import { NOTE_SEGRETI } from '../../../audit/account';
import { auditContext } from '../../../audit/queries';
import { baseUrlDi } from '../../../email/messaggi';
import { apiError } from '../../../errors';
import { canInvite, canSeeUserEmails } from '../../../policies';
import { inviaLinkPassword } from '../../../auth/inviti';
import { auditAfter, auditBefore } from '../../../gara/registro/audit';
import type { ApiDeps } from '../../deps';
import { ok } from '../../shared/responses';
import { requireEvento } from '../../../gara/permessi';
import { cercaCandidati, nomina } from './queries';

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

export function staffRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/gas/evento/:id/candidati/',
    {
      schema: {
        tags: ['evento'],
        description:
          "Gli account attivi da nominare amministratori o inseritori dell'evento, per nome, nome utente o e-mail intera (al massimo 10). Solo per chi può nominarli; l'e-mail si legge solo se è staff o se l'ha scritta intera.",
        params: idParams,
        querystring: candidatiQuery,
        response: ok(candidatiSchema),
      },
    },
    async (request) => {
      const entry = await loadEventoWithAccess(db, request.params.id);
      requireEvento(request.actor, entry, canInvite);
      const vedeEmail = canSeeUserEmails(request.actor);
      return { results: await cercaCandidati(db, request.query.q, vedeEmail) };
    },
  );
}

/**
 * The appointment of POST /api/gas/evento/{id}/invita/ (permission checked by
 * the route): a new account gets its e-mail after the commit. Answers nothing
 * either way (the route's 204 does not tell whether an address had an account).
 */
export function nominaDa(deps: ApiDeps) {
  const nuovi = new NuoviAccount();
  return async (request: FastifyRequest, eventoId: number, body: InvitoRequest) => {
    const invitante = request.actor.userId!;
    const bersaglio = body.utente !== undefined ? { utente: body.utente } : { email: body.email! };
    // The appointment is in the log as a change of the event's staff lists,
    // and a new account as its creation, in the same transaction.
    const esito = await deps.database.db.transaction(async (tx) => {
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
          await auditAfter(
            tx,
            auditContext(request, 'api'),
            'user',
            fatto.nuovoAccount.userId,
            null,
          );
        await auditAfter(tx, auditContext(request, 'api'), 'evento', eventoId, prima);
      }
      return fatto;
    });
    if (esito.esito === 'troppi') throw apiError('throttled', TROPPI_NUOVI_ACCOUNT);
    if (esito.esito === 'nominato' && esito.nuovoAccount) {
      nuovi.conta(invitante);
      const account = esito.nuovoAccount;
      // Sent after the answer: its time does not tell whether the address had an account.
      void inviaLinkPassword(
        { db: deps.database.db, mailer: deps.mailer, baseUrl: baseUrlDi(deps.config) },
        account,
        'imposta',
        auditContext(request, 'api', NOTE_SEGRETI.linkInvito),
      ).catch((err: unknown) =>
        request.log.error({ err, userId: account.userId }, 'invito evento: e-mail non inviata'),
      );
    }
  };
}
