// Use cases of teams (spec §4, §6): a manager signs a team up for an
// unofficial event; its managers and the event's staff edit it (venue and
// guest flag only the event's administrators). Each checks the policies,
// writes and audits in one transaction, then has the session's ranking
// rebuilt (the ranking shows the team's name, venue and guest flag).
import {
  MESSAGGI_PERSONE as M,
  pkNonValido,
  type adminSquadraRequest,
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
import {
  auditAfter,
  auditBefore,
  creaRecord,
  eliminaRecord,
  modificaRecord,
} from '../registro/audit';
import type { AdminRecord } from '../registro/resource';
import { eventoOfPolo } from '../poli/queries';
import { squadraRefOf } from '../risposte/queries';
import {
  findSquadra,
  insertSquadra,
  lockSessione,
  nomeTaken,
  scuolaExists,
  setSquadreDelResponsabile,
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
  await db.transaction(async (tx) => {
    const prima = await auditBefore(tx, 'squadra', team.id);
    if (!prima) throw apiError('not_found');
    await scriviSquadra(tx, audit, prima, body);
  });
  annunciaClassifiche(deps.modifiche, [team.sessioneId]);
  return e;
}

/** A team's fields as the back office names them; the team's own form sends a part of them. */
export type ValoriSquadra = Partial<z.infer<typeof adminSquadraRequest>>;

/**
 * Writes a team's fields (a new team when `prima` is null), audited in the
 * caller's transaction: the step of the team's own form (above) and of the
 * back office. Whichever page writes it, a team competes at a venue of its
 * own event, under a name its session's other teams do not have. Returns
 * its id; the caller announces its session's ranking after the commit.
 */
export async function scriviSquadra(
  tx: DbTransaction,
  audit: AuditContext,
  prima: AdminRecord | null,
  valori: ValoriSquadra,
): Promise<number> {
  const attuale = <K extends keyof ValoriSquadra>(campo: K) =>
    valori[campo] === undefined ? prima?.[campo] : valori[campo];
  const [poloId, eventoId, nome, sessioneId] = [
    attuale('polo'),
    attuale('evento'),
    attuale('nome'),
    attuale('sessione'),
  ];
  const spostata = valori.polo !== undefined || valori.evento !== undefined;
  if (spostata && typeof poloId === 'number') {
    const eventoDelPolo = await eventoOfPolo(tx, poloId);
    if (eventoDelPolo === null) throw fieldErrors({ polo: [pkNonValido(poloId)] });
    if (eventoDelPolo !== eventoId) throw fieldErrors({ polo: [M.poloAltroEvento] });
  }
  const rinominata = !prima || nome !== prima.nome || sessioneId !== prima.sessione;
  if (rinominata && typeof nome === 'string' && typeof sessioneId === 'number') {
    await controllaNomeLibero(tx, sessioneId, nome, prima?.id);
  }
  if (!prima) return (await creaRecord(tx, audit, 'squadra', valori)).id;
  if (!(await modificaRecord(tx, audit, 'squadra', prima.id, valori))) throw apiError('not_found');
  return prima.id;
}

/**
 * The teams a manager looks after (the manager's form and profile, spec §2),
 * replaced by `squadre`, which the caller has checked against the policies
 * (canAssignSquadra). The links are a field of the manager's record: the
 * caller audits that record (resource `responsabile`, before → after) around
 * this step in the same transaction, one entry for the whole edit. Nothing
 * to announce: no ranking or page shows a team's managers, and the actor
 * cache follows the links through the database's change feed.
 */
export async function assegnaSquadre(
  tx: DbTransaction,
  responsabileId: number,
  squadre: readonly number[],
): Promise<void> {
  await setSquadreDelResponsabile(tx, responsabileId, [...new Set(squadre)]);
}

/** Its answers and jokers go with it (the back office lets only a superuser force that). */
export async function eliminaSquadra(
  tx: DbTransaction,
  audit: AuditContext,
  id: number,
): Promise<void> {
  await eliminaRecord(tx, audit, 'squadra', id);
}
