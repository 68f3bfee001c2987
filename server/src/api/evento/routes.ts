// /api/gas/evento/: list (tipologia, tipologia__in), retrieve, create, patch
// (with the nested problemi and sessioni lists) and invita.
import { eventoSchema } from '@gas/contracts';
import { created, noContent, ok, page } from '../shared/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventoCreateRequest, eventoPatchRequest, idParams, invitoRequest } from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { auditAfter, auditBefore } from '../../gara/registro/audit';
import { auditContext } from '../../audit/queries';
import { TIPOLOGIE_EVENTO } from '../../db/schema';
import { apiError, fieldErrors } from '../../errors';
import {
  canChangeTipologia,
  canCreateEvento,
  canEditEvento,
  canInvite,
  isExemptFromEventiMaxGiorno,
  type Actor,
} from '../../policies';
import { giornoRoma } from '../../gara/giorno-gara';
import { loadEventoWithAccess } from '../../access/queries';
import { eventoVisibleWhere } from '../../access/queries';
import { pageOf, pageWindow, paginationQuery } from '../shared/pagination';
import { requireEvento, throwIfErrors } from '../../gara/permessi';
import { recordDellEvento, registraRecordDellEvento } from './audit';
import { newEventoValues, patchEventoValues, planProblemi, planSessioni } from './changes';
import { deletionErrors, planErrors } from './nested';
import { presentEvento } from './present';
import { nominaDa, staffRoutes } from './staff/routes';
import {
  annunciaRicontrollo,
  problemsWithNewSolution,
  recheckAnswers,
} from '../../gara/ricontrollo';
import {
  applyProblemi,
  applySessioni,
  eventiCreatiDalGruppo,
  eventoPage,
  insertEvento,
  loadEventoDetails,
  lockCreatore,
  titolareBudgetEventi,
  lockEvento,
  lockNested,
  moveDefaultFileDates,
  setSessioniUfficiali,
  updateEvento,
} from './queries';

const tipologia = z.enum(TIPOLOGIE_EVENTO);
const listQuery = paginationQuery.extend({
  tipologia: tipologia.optional(),
  tipologia__in: z
    .string()
    .max(100)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(tipologia))
    .optional(),
});

const eventi = (n: number) => `${n} ${n === 1 ? 'evento' : 'eventi'}`;
/** The daily limit reached: by the user alone, or with his group (main manager and secondaries). */
const troppiEventiOggi = (max: number, chi: 'solo' | 'principale' | 'secondario') =>
  chi === 'solo'
    ? `Hai già creato ${eventi(max)} oggi: riprova domani.`
    : chi === 'principale'
      ? `Tu e i responsabili che hai creato avete già creato ${eventi(max)} oggi: riprova domani.`
      : `Il tuo responsabile principale, tu e gli altri responsabili da lui creati avete già creato ${eventi(max)} oggi: riprova domani.`;

const UFFICIALE_NEGATO =
  "Solo un amministratore del sito può creare un evento ufficiale o cambiarne la tipologia: gli eventi ufficiali richiedono l'approvazione.";

export async function eventoRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const nominaEvento = nominaDa(deps);
  staffRoutes(app, deps);

  const present = async (id: number, actor: Actor) =>
    presentEvento(await loadEventoDetails(db, [id]), id, actor, new Date());

  r.get(
    '/api/gas/evento/',
    {
      config: { cache: 'stabile' },
      schema: { response: page(eventoSchema), tags: ['evento'], querystring: listQuery },
    },
    async (request) => {
      const { actor, query } = request;
      const window = pageWindow(query);
      const { count, ids } = await eventoPage(
        db,
        eventoVisibleWhere(actor),
        { only: query.tipologia, among: query.tipologia__in },
        window,
      );
      const details = await loadEventoDetails(db, ids);
      const now = new Date();
      const results = ids.map((id) => presentEvento(details, id, actor, now));
      return pageOf(request, window, count, results);
    },
  );

  r.get(
    '/api/gas/evento/:id/',
    {
      config: { cache: 'stabile' },
      schema: { response: ok(eventoSchema), tags: ['evento'], params: idParams },
    },
    async (request) => {
      const details = await loadEventoDetails(db, [request.params.id]);
      // A private event the user may not see does not exist for them.
      requireEvento(request.actor, details.eventi.get(request.params.id) ?? null);
      return presentEvento(details, request.params.id, request.actor, new Date());
    },
  );

  r.post(
    '/api/gas/evento/',
    { schema: { response: created(eventoSchema), tags: ['evento'], body: eventoCreateRequest } },
    async (request, reply) => {
      const { actor, body } = request;
      const { userId } = actor;
      if (userId === null) throw apiError('not_authenticated');
      const tipo = body.tipologia ?? 'priv';
      if (!canCreateEvento(actor, tipo)) {
        const officialOnly = canCreateEvento(actor, 'priv');
        throw apiError('permission_denied', officialOnly ? UFFICIALE_NEGATO : undefined);
      }
      const now = new Date();
      const { values, errors } = newEventoValues(body, now, userId);
      // A new event gets one session unless the form sends its own list.
      const sessioni = planSessioni([], body.sessioni ?? [{}], tipo === 'o');
      const problemi = planProblemi([], body.problemi ?? []);
      throwIfErrors(errors, planErrors(problemi, sessioni));
      const id = await db.transaction(async (tx) => {
        if (!isExemptFromEventiMaxGiorno(actor)) {
          // A main manager and the accounts he created share one budget.
          const titolare = await titolareBudgetEventi(tx, userId);
          await lockCreatore(tx, titolare);
          const max = deps.config.eventiMaxGiorno;
          // A day is a calendar day in Rome, as for the contest-day rules. A
          // 400 rather than a 429: the web app answers every 429 with its
          // "you reload too often" toast, which is not what happened here.
          const oggi = await eventiCreatiDalGruppo(tx, titolare, giornoRoma(now).inizio);
          if (oggi.eventi >= max) {
            const chi =
              titolare !== userId ? 'secondario' : oggi.conSecondari ? 'principale' : 'solo';
            throw fieldErrors({ non_field_errors: [troppiEventiOggi(max, chi)] });
          }
        }
        // The creator becomes an administrator (superusers without a profile need not).
        const eventoId = await insertEvento(tx, values, actor.responsabile?.id ?? null);
        const nuovi = await recordDellEvento(tx, eventoId);
        await applySessioni(tx, eventoId, sessioni);
        await applyProblemi(tx, eventoId, problemi);
        await auditAfter(tx, auditContext(request, 'api'), 'evento', eventoId, null);
        await registraRecordDellEvento(tx, request, eventoId, nuovi);
        return eventoId;
      });
      reply.status(201);
      return present(id, actor);
    },
  );

  r.patch(
    '/api/gas/evento/:id/',
    {
      schema: {
        response: ok(eventoSchema),
        tags: ['evento'],
        params: idParams,
        body: eventoPatchRequest,
      },
    },
    async (request) => {
      const { actor, body } = request;
      const { id } = request.params;
      const flipped = await db.transaction(async (tx) => {
        const { row, access } = requireEvento(actor, await lockEvento(tx, id), canEditEvento);
        if (body.tipologia !== undefined && !canChangeTipologia(actor, access, body.tipologia)) {
          throw apiError('permission_denied', UFFICIALE_NEGATO);
        }
        const { values, errors } = patchEventoValues(row, body);
        const nested = await lockNested(tx, id);
        const tipo = body.tipologia ?? row.tipologia;
        const problemi = body.problemi
          ? planProblemi(
              nested.problemi.map((p) => p.id),
              body.problemi,
            )
          : null;
        const sessioni = body.sessioni
          ? planSessioni(
              nested.sessioni.map((s) => s.id),
              body.sessioni,
              tipo === 'o',
            )
          : null;
        // Id errors first: deletions are only meaningful for a well-formed list.
        throwIfErrors(errors, planErrors(problemi, sessioni));
        throwIfErrors(await deletionErrors(tx, problemi, sessioni, nested));

        const prima = await auditBefore(tx, 'evento', id);
        const primaDelleModifiche = await recordDellEvento(tx, id);
        await updateEvento(tx, id, values);
        await auditAfter(tx, auditContext(request, 'api'), 'evento', id, prima);
        const after = { inizio: values.inizio ?? row.inizio, fine: values.fine ?? row.fine };
        await moveDefaultFileDates(tx, id, row, after);
        if (tipo !== row.tipologia) await setSessioniUfficiali(tx, id, tipo === 'o');
        if (problemi) await applyProblemi(tx, id, problemi);
        if (sessioni) await applySessioni(tx, id, sessioni);
        await registraRecordDellEvento(tx, request, id, primaDelleModifiche);
        return problemi
          ? recheckAnswers(
              tx,
              problemsWithNewSolution(problemi.updates),
              auditContext(request, 'api'),
            )
          : [];
      });
      annunciaRicontrollo(deps.modifiche, flipped);
      return present(id, actor);
    },
  );

  r.post(
    '/api/gas/evento/:id/invita/',
    {
      schema: {
        operationId: 'inviteEventoStaff',
        summary: "Nomina un amministratore o un inseritore dell'evento",
        response: noContent,
        tags: ['evento'],
        description:
          "Nomina amministratore (adm) o inseritore (ins) l'account attivo scelto (utente) o quello con questa e-mail; a un indirizzo senza account crea l'account e manda l'e-mail per scegliere la password. Risponde 204 in ogni caso.",
        params: idParams,
        body: invitoRequest,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await loadEventoWithAccess(db, id);
      requireEvento(request.actor, entry, canInvite);
      await nominaEvento(request, request.params.id, request.body);
      return reply.status(204).send();
    },
  );
}
