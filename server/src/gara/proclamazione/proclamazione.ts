// The proclamation of a session (issue 29 item 5): read what its current step
// reveals, and move it. Only the event's administrators (superuser included,
// the rule that edits the event: canEditEvento) move it, only after the
// contest's end, within [0, number of steps]; the move is audited in its
// transaction and announced after the commit (`proclamazione` on the change
// stream, a frame on the session's punteggi_eventi feed). Whoever sees the
// event reads it; before the first step it reveals nothing of the ranking.
import {
  MESSAGGI_PROCLAMAZIONE as M,
  type Proclamazione,
  type ProclamazioneRequest,
  type PunteggiJson,
} from '@gas/contracts';
import { loadEventoWithAccess } from '../../access/queries';
import { recordChange, type AuditContext } from '../../audit/queries';
import { anagraficaSquadre, sessioneConEvento } from '../../classifiche/queries';
import { righeClassifica } from '../../classifiche/righe';
import type { Db } from '../../db/client';
import { apiError } from '../../errors';
import { canEditEvento, type Actor } from '../../policies';
import { buildSnapshot } from '../../scores/build';
import { loadSessionData } from '../../scores/queries';
import type { FlussoModifiche } from '../modifiche';
import { requireEvento } from '../permessi';
import { passiProclamazione } from './passi';
import { bloccaProclamazione, impostaPasso, proclamazioneDellaSessione } from './queries';

export type DepsProclamazione = {
  db: Db;
  modifiche: Pick<FlussoModifiche, 'emetti'>;
  /** The scores page's snapshots (scores/cache.ts): the ranking of every viewer's read. */
  snapshots: { get(sessioneId: number): Promise<{ punteggi: PunteggiJson } | null> };
  now?: () => Date;
};
type Chi = { actor: Actor; audit: AuditContext };

/** The session and its event, if the actor sees it (404 otherwise), checked against `allowed`. */
async function sessioneVisibile(
  deps: DepsProclamazione,
  actor: Actor,
  sessioneId: number,
  allowed?: typeof canEditEvento,
) {
  const sessione = await sessioneConEvento(deps.db, sessioneId);
  const evento = sessione && (await loadEventoWithAccess(deps.db, sessione.eventoId));
  requireEvento(actor, evento, allowed);
  return sessione!;
}

/**
 * The session's final ranking, from the scores page's snapshot when it was
 * computed after the end, otherwise computed now the same way.
 */
async function classificaFinale(deps: DepsProclamazione, sessioneId: number, fine: Date) {
  const snapshot = await deps.snapshots.get(sessioneId);
  let punteggi = snapshot?.punteggi ?? null;
  if (!punteggi || Date.parse(punteggi.ora) <= fine.getTime()) {
    const dati = await loadSessionData(deps.db, sessioneId);
    if (!dati) throw apiError('not_found');
    punteggi = buildSnapshot(
      dati,
      new Date(Math.max(now(deps).getTime(), fine.getTime() + 1)),
    ).punteggi;
  }
  const anagrafica = await anagraficaSquadre(deps.db, sessioneId);
  const poli = new Map<number, string>();
  for (const a of anagrafica.values()) if (a.poloId !== null) poli.set(a.poloId, a.polo ?? '');
  return passiProclamazione({
    righe: righeClassifica(punteggi, anagrafica),
    poli: [...poli].map(([id, polo]) => ({
      polo,
      squadre: righeClassifica(punteggi, anagrafica, id).filter((r) => r.posizione === 1),
    })),
  });
}

const now = (deps: DepsProclamazione) => deps.now?.() ?? new Date();

function vista(
  sessioneId: number,
  fine: Date,
  passi: ReturnType<typeof passiProclamazione>,
  stato: { passo: number; aggiornata: Date | null },
): Proclamazione {
  // The ranking may have lost teams since the step was set: never past the end.
  const passo = Math.min(stato.passo, passi.length);
  const rivelati = passi.slice(0, passo);
  return {
    sessione: sessioneId,
    passo,
    passi: passi.length,
    aggiornata: stato.aggiornata?.toISOString() ?? null,
    fine: fine.toISOString(),
    corrente: rivelati.at(-1) ?? null,
    rivelati,
  };
}

export async function leggiProclamazione(
  deps: DepsProclamazione,
  actor: Actor,
  sessioneId: number,
): Promise<Proclamazione> {
  const sessione = await sessioneVisibile(deps, actor, sessioneId);
  const row = await proclamazioneDellaSessione(deps.db, sessioneId);
  // Before the end there is no final ranking, hence no ceremony (an end moved
  // later, a contest reopened, sends it back to the waiting screen). At step 0
  // only the number of steps leaves the server (vista).
  if (now(deps) <= sessione.fine) {
    return vista(sessioneId, sessione.fine, [], { passo: 0, aggiornata: null });
  }
  const passi = await classificaFinale(deps, sessioneId, sessione.fine);
  return vista(sessioneId, sessione.fine, passi, row ?? { passo: 0, aggiornata: null });
}

/** The step a request asks for, or the Italian reason it cannot be. */
function passoRichiesto(richiesta: ProclamazioneRequest, attuale: number, passi: number): number {
  if (richiesta.azione === 'avanti') {
    if (attuale >= passi) throw apiError('bad_request', M.giaConclusa);
    return attuale + 1;
  }
  if (richiesta.azione === 'indietro') {
    if (attuale <= 0) throw apiError('bad_request', M.giaAllInizio);
    return attuale - 1;
  }
  const passo = richiesta.passo!;
  if (passo > passi) throw apiError('bad_request', M.passoFuori(passi));
  return passo;
}

export async function muoviProclamazione(
  deps: DepsProclamazione,
  { actor, audit }: Chi,
  sessioneId: number,
  richiesta: ProclamazioneRequest,
): Promise<Proclamazione> {
  const sessione = await sessioneVisibile(deps, actor, sessioneId, canEditEvento);
  const adesso = now(deps);
  if (adesso <= sessione.fine) throw apiError('bad_request', M.primaDellaFine);
  const passi = await classificaFinale(deps, sessioneId, sessione.fine);
  const { prima, dopo } = await deps.db.transaction(async (tx) => {
    const prima = await bloccaProclamazione(tx, sessioneId);
    const attuale = Math.min(prima.passo, passi.length);
    const passo = passoRichiesto(richiesta, attuale, passi.length);
    if (passo === prima.passo) return { prima, dopo: prima };
    const dopo = await impostaPasso(tx, sessioneId, passo, adesso);
    await recordChange(tx, audit, {
      azione: 'modifica',
      risorsa: 'proclamazione',
      oggettoId: sessioneId,
      oggettoNome: `${sessione.titolo} — ${sessione.nome}`,
      prima: { passo: prima.passo },
      dopo: { passo: dopo.passo },
    });
    return { prima, dopo };
  });
  // After the commit: no page shows a step that was not stored.
  if (dopo.passo !== prima.passo) {
    deps.modifiche.emetti({
      tipo: 'proclamazione',
      sessione: sessioneId,
      passo: dopo.passo,
      passi: passi.length,
    });
  }
  return vista(sessioneId, sessione.fine, passi, dopo);
}
