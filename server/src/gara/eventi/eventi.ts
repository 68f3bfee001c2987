// Use cases of an event (spec §4, §6): created by whoever may create one
// of its type (within a daily budget), edited by its administrators with
// the nested lists of sessions and problems. Every session and problem the
// lists touch goes through its own use case (eventi/liste.ts), the one the
// back office calls, audited in the event's transaction; a corrected
// solution re-checks the answers already given and is announced after the
// commit, with the rankings of the sessions changed. The other changes reach
// open pages from the database's change feed (gara/modifiche-evento.ts),
// whoever wrote them.
import type { eventoCreateRequest, eventoPatchRequest } from '@gas/contracts';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/queries';
import type { Db } from '../../db/client';
import { apiError, fieldErrors } from '../../errors';
import {
  canChangeTipologia,
  canCreateEvento,
  canEditEvento,
  isExemptFromEventiMaxGiorno,
  type Actor,
} from '../../policies';
import { giornoRoma } from '../giorno-gara';
import type { FlussoModifiche } from '../modifiche';
import { requireEvento, throwIfErrors } from '../permessi';
import { auditAfter, auditBefore } from '../registro/audit';
import { annunciaClassifiche } from '../classifiche';
import { annunciaRicontrollo } from '../ricontrollo';
import { seguiModificaEvento } from './conseguenze';
import { applicaProblemi, applicaSessioni } from './liste';
import { valoriNuovoEvento, valoriModificaEvento, pianoProblemi, pianoSessioni } from './valori';
import { erroriDiEliminazione, erroriDeiPiani } from './errori-liste';
import {
  eventiCreatiDalGruppo,
  insertEvento,
  lockCreatore,
  lockEvento,
  lockNested,
  titolareBudgetEventi,
  updateEvento,
} from './queries';

export type DepsEventi = {
  db: Db;
  modifiche: Pick<FlussoModifiche, 'emetti'>;
  /** GAS_EVENTI_MAX_GIORNO: events a manager and his group may create in a day. */
  eventiMaxGiorno: number;
};
type Chi = { actor: Actor; audit: AuditContext };

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

/** Creates an event with its sessions (one unless listed) and problems; returns its id. */
export async function creaEvento(
  deps: DepsEventi,
  { actor, audit }: Chi,
  body: z.infer<typeof eventoCreateRequest>,
): Promise<number> {
  const { db } = deps;
  const { userId } = actor;
  if (userId === null) throw apiError('not_authenticated');
  const tipo = body.tipologia ?? 'priv';
  if (!canCreateEvento(actor, tipo)) {
    const officialOnly = canCreateEvento(actor, 'priv');
    throw apiError('permission_denied', officialOnly ? UFFICIALE_NEGATO : undefined);
  }
  const now = new Date();
  const { values, errors } = valoriNuovoEvento(body, now, userId);
  // A new event gets one session unless the form sends its own list.
  const sessioni = pianoSessioni([], body.sessioni ?? [{}], tipo === 'o');
  const problemi = pianoProblemi([], body.problemi ?? []);
  throwIfErrors(errors, erroriDeiPiani(problemi, sessioni));
  const id = await db.transaction(async (tx) => {
    if (!isExemptFromEventiMaxGiorno(actor)) {
      // A main manager and the accounts he created share one budget.
      const titolare = await titolareBudgetEventi(tx, userId);
      await lockCreatore(tx, titolare);
      const max = deps.eventiMaxGiorno;
      // A day is a calendar day in Rome, as for the contest-day rules. A
      // 400 rather than a 429: the web app answers every 429 with its
      // "you reload too often" toast, which is not what happened here.
      const oggi = await eventiCreatiDalGruppo(tx, titolare, giornoRoma(now).inizio);
      if (oggi.eventi >= max) {
        const chi = titolare !== userId ? 'secondario' : oggi.conSecondari ? 'principale' : 'solo';
        throw fieldErrors({ non_field_errors: [troppiEventiOggi(max, chi)] });
      }
    }
    // The creator becomes an administrator (superusers without a profile need not).
    const eventoId = await insertEvento(tx, values, actor.responsabile?.id ?? null);
    await auditAfter(tx, audit, 'evento', eventoId, null);
    await applicaSessioni(tx, audit, eventoId, sessioni);
    await applicaProblemi(tx, audit, eventoId, problemi);
    return eventoId;
  });
  return id;
}

/** Edits an event and, when sent, the whole lists of its sessions and problems. */
export async function modificaEvento(
  deps: DepsEventi,
  { actor, audit }: Chi,
  id: number,
  body: z.infer<typeof eventoPatchRequest>,
): Promise<void> {
  const { db } = deps;
  const { flipped, sessioniScritte } = await db.transaction(async (tx) => {
    const { row, access } = requireEvento(actor, await lockEvento(tx, id), canEditEvento);
    if (body.tipologia !== undefined && !canChangeTipologia(actor, access, body.tipologia)) {
      throw apiError('permission_denied', UFFICIALE_NEGATO);
    }
    const { values, errors } = valoriModificaEvento(row, body);
    const nested = await lockNested(tx, id);
    const tipo = body.tipologia ?? row.tipologia;
    const problemi = body.problemi
      ? pianoProblemi(
          nested.problemi.map((p) => p.id),
          body.problemi,
        )
      : null;
    const sessioni = body.sessioni
      ? pianoSessioni(
          nested.sessioni.map((s) => s.id),
          body.sessioni,
          tipo === 'o',
        )
      : null;
    // Id errors first: deletions are only meaningful for a well-formed list.
    throwIfErrors(errors, erroriDeiPiani(problemi, sessioni));
    throwIfErrors(await erroriDiEliminazione(tx, problemi, sessioni, nested));

    const prima = await auditBefore(tx, 'evento', id);
    await updateEvento(tx, id, values);
    await auditAfter(tx, audit, 'evento', id, prima);
    await seguiModificaEvento(tx, audit, id, row, {
      inizio: values.inizio ?? row.inizio,
      fine: values.fine ?? row.fine,
      tipologia: tipo,
    });
    return {
      flipped: problemi ? await applicaProblemi(tx, audit, id, problemi) : [],
      sessioniScritte: sessioni ? await applicaSessioni(tx, audit, id, sessioni) : [],
    };
  });
  annunciaRicontrollo(deps.modifiche, flipped);
  annunciaClassifiche(deps.modifiche, sessioniScritte);
}
