// Use cases of teams (spec §4, §6): a manager signs a team up for an
// unofficial event; its managers and the event's staff edit it (venue and
// guest flag only the event's administrators). Each checks the policies,
// writes and audits in one transaction, then has the session's ranking
// rebuilt (the ranking shows the team's name, venue and guest flag).
import {
  MESSAGGI_PERSONE as M,
  pkNonValido,
  type squadraCreateRequest,
  type squadraUpdateRequest,
} from '@gas/contracts';
import type { z } from 'zod';
import { loadEventoWithAccess } from '../../access/queries';
import type { EventoWithAccess } from '../../access/evento-access';
import type { AuditContext } from '../../audit/queries';
import type { Db, DbTransaction } from '../../db/client';
import { apiError, fieldErrors } from '../../errors';
import {
  canEditSquadra,
  canRegisterTeam,
  canSeeEvento,
  canSetSquadraPoloOspite,
  canSetSquadraScuola,
  hasRegistrationRight,
  hasSquadraEditRight,
  type Actor,
} from '../../policies';
import { annunciaClassifiche } from '../classifiche';
import type { FlussoModifiche } from '../modifiche';
import { sessioneById } from '../queries';
import { auditAfter, auditBefore } from '../registro/audit';
import { squadraRefOf } from '../risposte/queries';
import {
  findPolo,
  findSquadra,
  insertSquadra,
  lockSessione,
  nomeTaken,
  scuolaExists,
  updateSquadra,
} from './queries';

type Deps = { db: Db; modifiche: Pick<FlussoModifiche, 'emetti'> };

/**
 * A team's name is its session's alone, whatever the case: checked under the
 * session's lock, so two teams signing up at once cannot both take it.
 * Every write of a team's name goes through it (the back office's too).
 */
export async function controllaNomeLibero(
  tx: DbTransaction,
  sessioneId: number,
  nome: string,
  squadraId?: number,
): Promise<void> {
  await lockSessione(tx, sessioneId);
  if (await nomeTaken(tx, sessioneId, nome, squadraId)) {
    throw fieldErrors({ nome: [M.nomeSquadraDuplicato] });
  }
}
type Chi = { actor: Actor; audit: AuditContext };

/** Signs a team up; returns its id and its event (for the answer's shape). */
export async function iscriviSquadra(
  deps: Deps,
  { actor, audit }: Chi,
  body: z.infer<typeof squadraCreateRequest>,
  now: Date,
): Promise<{ squadraId: number; evento: EventoWithAccess }> {
  const { db } = deps;
  const s = await sessioneById(db, body.sessione);
  const e = s ? await loadEventoWithAccess(db, s.eventoId) : null;
  // A session of an event the user cannot see is as good as missing.
  if (!s || !e || !canSeeEvento(actor, e.access)) {
    throw fieldErrors({ sessione: [pkNonValido(body.sessione)] });
  }
  if (!hasRegistrationRight(actor, e.access)) {
    throw apiError(
      'permission_denied',
      e.access.tipologia === 'o' ? M.iscrizioniUfficiali : undefined,
    );
  }
  if (!canRegisterTeam(actor, e.access, now)) {
    throw fieldErrors({ sessione: [M.iscrizioniChiuse] });
  }
  const scuola = body.scuola ?? null;
  if (scuola !== null) {
    if (!(await scuolaExists(db, scuola))) throw fieldErrors({ scuola: [pkNonValido(scuola)] });
    if (!canSetSquadraScuola(actor, e.access, scuola)) {
      throw fieldErrors({ scuola: [M.scuolaNonTua] });
    }
  }
  const squadraId = await db.transaction(async (tx) => {
    await controllaNomeLibero(tx, s.id, body.nome);
    const values = { nome: body.nome, sessioneId: s.id, eventoId: s.eventoId, scuolaId: scuola };
    const id = await insertSquadra(
      tx,
      { ...values, ufficiale: false },
      actor.responsabile?.id ?? null,
    );
    await auditAfter(tx, audit, 'squadra', id, null);
    return id;
  });
  annunciaClassifiche(deps.modifiche, [s.id]);
  return { squadraId, evento: e };
}

/** Edits a team; returns its event (for the answer's shape). */
export async function modificaSquadra(
  deps: Deps,
  { actor, audit }: Chi,
  id: number,
  body: z.infer<typeof squadraUpdateRequest>,
  now: Date,
): Promise<EventoWithAccess> {
  const { db } = deps;
  const full = await findSquadra(db, id);
  const e = full ? await loadEventoWithAccess(db, full.squadra.eventoId) : null;
  if (!full || !e || !canSeeEvento(actor, e.access)) throw apiError('not_found');
  const team = full.squadra;
  const ref = squadraRefOf(team, full.responsabili);
  if (!hasSquadraEditRight(actor, e.access, ref)) throw apiError('permission_denied');
  const adminFields = body.polo !== undefined || body.ospite !== undefined;
  if (adminFields && !canSetSquadraPoloOspite(actor, e.access)) {
    throw apiError('permission_denied', M.soloAmministratori);
  }
  if (!canEditSquadra(actor, e.access, ref, now)) {
    throw fieldErrors({ non_field_errors: [M.modificheChiuse] });
  }
  if (body.polo != null) {
    const p = await findPolo(db, body.polo);
    if (!p) throw fieldErrors({ polo: [pkNonValido(body.polo)] });
    if (p.eventoId !== team.eventoId) throw fieldErrors({ polo: [M.poloAltroEvento] });
  }
  await db.transaction(async (tx) => {
    if (body.nome !== undefined && body.nome !== team.nome) {
      await controllaNomeLibero(tx, team.sessioneId, body.nome, team.id);
    }
    const prima = await auditBefore(tx, 'squadra', team.id);
    await updateSquadra(tx, team.id, {
      nome: body.nome,
      poloId: body.polo,
      ospite: body.ospite,
      capitano: body.capitano,
      consegnatore: body.consegnatore,
      p1: body.p1,
      p2: body.p2,
      p3: body.p3,
      annoCapitano: body.anno_capitano,
      annoConsegnatore: body.anno_consegnatore,
      annoP1: body.anno_p1,
      annoP2: body.anno_p2,
      annoP3: body.anno_p3,
    });
    await auditAfter(tx, audit, 'squadra', team.id, prima);
  });
  annunciaClassifiche(deps.modifiche, [team.sessioneId]);
  return e;
}
