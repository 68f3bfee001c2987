// Managers (spec §2 secondary-manager form and profile, §5, §6):
//   GET   /api/gas/user/             managers the user may see (superuser: all)
//   GET   /api/gas/user/{id}/        one of them (id = user id)
//   POST  /api/gas/user/             a new secondary manager (main managers)
//   PATCH /api/gas/user/{id}/        teams, schools, newsletter
//   GET   /api/gas/extended-user/    the profile's "other managers of the user's schools"
import { managerSchema } from '@gas/contracts';
import { created, ok, page } from '../shared/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParams,
  MESSAGGI_PERSONE as M,
  pkNonValido,
  responsabileCreateRequest,
  responsabileUpdateRequest,
} from '@gas/contracts';
import type { ApiDeps } from '../deps';
import { PG_UNIQUE_VIOLATION, pgError } from '../../db/client';
import { apiError, fieldErrors, type FieldErrors } from '../../errors';
import { hashPassword } from '../../auth/password';
import {
  activeResponsabile,
  canAssignScuola,
  canAssignSquadra,
  canCreateSecondaryManager,
  canEditResponsabile,
  canEditResponsabileAssignments,
  canManageResponsabilePreferences,
  canSeeResponsabile,
  isExemptFromEventiMaxGiorno,
  isSuperuser,
  newSecondaryManagerFlags,
  type Actor,
} from '../../policies';
import { pageOf, pageWindow, paginateArray, paginationQuery } from '../shared/pagination';
import { mergeAssignments } from './assignments';
import { presentManager } from './present';
import {
  candidateManagers,
  emailTaken,
  existingScuole,
  findManager,
  insertManager,
  lockUsernames,
  pageOfManagers,
  responsabiliCreatiDa,
  squadraRefs,
  targetOf,
  updateManager,
  usernameTaken,
} from './queries';
import { auditAfter, auditBefore } from '../../gara/registro/audit';
import { assegnaSquadre } from '../../gara/squadre/squadre';
import { auditContext } from '../../audit/queries';
import { giornoRoma } from '../../gara/giorno-gara';

const tags = ['responsabile'];

/** The daily limit of secondary managers reached (a 400, as the events' limit). */
const troppiResponsabiliOggi = (max: number) =>
  `Hai già creato ${max} ${max === 1 ? 'responsabile' : 'responsabili'} oggi: riprova domani.`;

function loginRequired(request: FastifyRequest) {
  if (request.actor.userId === null) throw apiError('not_authenticated');
  return Promise.resolve();
}

// DRF order: authentication, then permission, then the body.
function mayCreate(request: FastifyRequest) {
  if (request.actor.userId === null) throw apiError('not_authenticated');
  if (!canCreateSecondaryManager(request.actor)) throw apiError('permission_denied');
  return Promise.resolve();
}

/**
 * The database's unique indexes have the last word (writers other than this
 * route take no lock): a duplicate username or e-mail is a field error, never a 500.
 */
function duplicateAccount(error: unknown): unknown {
  const info = pgError(error);
  if (info?.code !== PG_UNIQUE_VIOLATION) return error;
  if (info.constraint === 'users_email_lower_unique') {
    return fieldErrors({ email: [M.emailDuplicata] });
  }
  if (info.constraint === 'users_username_unique') {
    return fieldErrors({ username: [M.usernameDuplicato] });
  }
  return error;
}

export async function userRoutes(app: FastifyInstance, deps: ApiDeps) {
  const { db } = deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Managers the actor may see, himself included, in user-id order. */
  async function visibleManagers(actor: Actor) {
    const schools = activeResponsabile(actor)?.scuolaIds ?? [];
    const candidates = await candidateManagers(db, actor.userId!, schools);
    return candidates.filter((m) => canSeeResponsabile(actor, targetOf(m)));
  }

  async function visibleManager(actor: Actor, userId: number) {
    const m = await findManager(db, userId);
    if (!m || !canSeeResponsabile(actor, targetOf(m))) throw apiError('not_found');
    return m;
  }

  /** Field errors for teams/schools the actor may not hand out (or that do not exist). */
  async function checkAssignable(
    actor: Actor,
    squadre: readonly number[],
    scuole: readonly number[],
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const refs = await squadraRefs(db, squadre);
    const missingSquadre = squadre.filter((id) => !refs.some((s) => s.id === id));
    const refusedSquadre = refs.filter((s) => !canAssignSquadra(actor, s)).map((s) => s.id);
    if (missingSquadre.length > 0) (errors.squadre ??= []).push(pkNonValido(missingSquadre[0]!));
    if (refusedSquadre.length > 0) {
      (errors.squadre ??= []).push(`${M.squadraNonAssegnabile} (id ${refusedSquadre.join(', ')})`);
    }
    const found = await existingScuole(db, scuole);
    const missingScuole = scuole.filter((id) => !found.includes(id));
    const refusedScuole = found.filter((id) => !canAssignScuola(actor, id));
    if (missingScuole.length > 0) (errors.scuole ??= []).push(pkNonValido(missingScuole[0]!));
    if (refusedScuole.length > 0) {
      (errors.scuole ??= []).push(`${M.scuolaNonAssegnabile} (id ${refusedScuole.join(', ')})`);
    }
    return errors;
  }

  r.get(
    '/api/gas/user/',
    {
      preValidation: loginRequired,
      schema: { response: page(managerSchema), tags, querystring: paginationQuery },
    },
    async (request) => {
      const { actor } = request;
      if (isSuperuser(actor)) {
        const window = pageWindow(request.query);
        const found = await pageOfManagers(db, window);
        const results = found.rows.map((m) => presentManager(m, actor));
        return pageOf(request, window, found.count, results);
      }
      const list = (await visibleManagers(actor)).map((m) => presentManager(m, actor));
      return paginateArray(request, request.query, list);
    },
  );

  r.get(
    '/api/gas/extended-user/',
    {
      preValidation: loginRequired,
      schema: {
        summary: "Gli altri responsabili delle scuole dell'utente",
        response: page(managerSchema),
        tags,
        querystring: paginationQuery,
      },
    },
    async (request) => {
      const { actor } = request;
      const others = (await visibleManagers(actor)).filter((m) => m.user.id !== actor.userId);
      return paginateArray(
        request,
        request.query,
        others.map((m) => presentManager(m, actor)),
      );
    },
  );

  r.get(
    '/api/gas/user/:id/',
    {
      preValidation: loginRequired,
      schema: { response: ok(managerSchema), tags, params: idParams },
    },
    async (request) =>
      presentManager(await visibleManager(request.actor, request.params.id), request.actor),
  );

  r.post(
    '/api/gas/user/',
    {
      preValidation: mayCreate,
      schema: { response: created(managerSchema), tags, body: responsabileCreateRequest },
    },
    async (request, reply) => {
      const { actor } = request;
      const body = request.body;
      const squadre = [...new Set(body.squadre)];
      const scuole = [...new Set(body.scuole)];
      const errors = await checkAssignable(actor, squadre, scuole);
      if (Object.keys(errors).length > 0) throw fieldErrors(errors);
      // Hashed before the transaction: scrypt takes ~0.1 s and holds no locks.
      const passwordHash = await hashPassword(body.password);
      const userId = await db
        .transaction(async (tx) => {
          await lockUsernames(tx);
          // Bounded per day like events (issue 26): secondary accounts are
          // not a way round the daily limit, nor a flood of accounts.
          if (!isExemptFromEventiMaxGiorno(actor)) {
            const max = deps.config.responsabiliMaxGiorno;
            const oggi = await responsabiliCreatiDa(
              tx,
              actor.userId!,
              giornoRoma(new Date()).inizio,
            );
            if (oggi >= max) throw fieldErrors({ non_field_errors: [troppiResponsabiliOggi(max)] });
          }
          const taken: FieldErrors = {};
          if (await usernameTaken(tx, body.username)) taken.username = [M.usernameDuplicato];
          if (await emailTaken(tx, body.email)) taken.email = [M.emailDuplicata];
          if (Object.keys(taken).length > 0) throw fieldErrors(taken);
          const id = await insertManager(tx, {
            username: body.username,
            email: body.email,
            firstName: body.first_name,
            lastName: body.last_name,
            passwordHash,
            newsletter: body.newsletter,
            creatoDa: actor.userId,
            ...newSecondaryManagerFlags(actor),
          });
          const created = await findManager(tx, id);
          await assegnaSquadre(tx, created!.responsabile.id, squadre);
          await updateManager(tx, created!.responsabile.id, { scuole });
          await auditAfter(tx, auditContext(request, 'api'), 'user', id, null);
          await auditAfter(
            tx,
            auditContext(request, 'api'),
            'responsabile',
            created!.responsabile.id,
            null,
          );
          return id;
        })
        .catch((error: unknown) => {
          throw duplicateAccount(error);
        });
      const created = await findManager(db, userId);
      return reply.status(201).send(presentManager(created!, actor));
    },
  );

  r.patch(
    '/api/gas/user/:id/',
    {
      preValidation: loginRequired,
      schema: {
        response: ok(managerSchema),
        tags,
        params: idParams,
        body: responsabileUpdateRequest,
      },
    },
    async (request) => {
      const { actor } = request;
      const body = request.body;
      const m = await visibleManager(actor, request.params.id);
      const target = targetOf(m);
      if (!canEditResponsabile(actor, target)) throw apiError('permission_denied');
      const assigning = body.squadre !== undefined || body.scuole !== undefined;
      if (assigning && !canEditResponsabileAssignments(actor, target)) {
        throw apiError('permission_denied');
      }

      const change: Parameters<typeof updateManager>[2] = {};
      let squadre: readonly number[] | undefined;
      const errors: FieldErrors = {};
      if (body.squadre !== undefined) {
        // Current teams too: whether one may be removed is also a question of ownership.
        const refs = await squadraRefs(db, [...new Set([...body.squadre, ...m.squadre])]);
        const missing = body.squadre.filter((id) => !refs.some((s) => s.id === id));
        if (missing.length > 0) errors.squadre = [pkNonValido(missing[0]!)];
        const assignable = new Set(refs.filter((s) => canAssignSquadra(actor, s)).map((s) => s.id));
        const merge = mergeAssignments(m.squadre, body.squadre, (id) => assignable.has(id));
        const refused = merge.refused.filter((id) => !missing.includes(id));
        if (refused.length > 0) {
          (errors.squadre ??= []).push(`${M.squadraNonAssegnabile} (id ${refused.join(', ')})`);
        }
        squadre = merge.final;
      }
      if (body.scuole !== undefined) {
        const found = await existingScuole(db, body.scuole);
        const missing = body.scuole.filter((id) => !found.includes(id));
        if (missing.length > 0) errors.scuole = [pkNonValido(missing[0]!)];
        const merge = mergeAssignments(m.scuole, body.scuole, (id) => canAssignScuola(actor, id));
        const refused = merge.refused.filter((id) => !missing.includes(id));
        if (refused.length > 0) {
          (errors.scuole ??= []).push(`${M.scuolaNonAssegnabile} (id ${refused.join(', ')})`);
        }
        change.scuole = merge.final;
      }
      if (Object.keys(errors).length > 0) throw fieldErrors(errors);
      // Someone else's consent to e-mails is read-only, like the names.
      if (body.newsletter !== undefined && canManageResponsabilePreferences(actor, target)) {
        change.newsletter = body.newsletter;
      }
      await db.transaction(async (tx) => {
        const prima = await auditBefore(tx, 'responsabile', m.responsabile.id);
        if (squadre) await assegnaSquadre(tx, m.responsabile.id, squadre);
        await updateManager(tx, m.responsabile.id, change);
        await auditAfter(
          tx,
          auditContext(request, 'api'),
          'responsabile',
          m.responsabile.id,
          prima,
        );
      });
      return presentManager((await findManager(db, m.user.id))!, actor);
    },
  );
}
