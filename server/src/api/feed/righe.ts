// From the audit log to the feed's lines (docs/feed.md). Every change of
// what a ranking is made of is audited in its own transaction, whichever
// path made it (the answer desk's SQL function, the routes, the back office,
// the import); an entry names its object, and the line carries that object
// as it is now, or says it is gone. An entry that concerns another session
// gives no line.
import type { RigaFeed, StatoFeed } from '@gas/contracts';
import type { Db } from '../../db/client';
import type { Evento, Sessione } from '../../db/schema';
import { toScoringEvent } from '../../scores/rows';
import {
  eventoFeed,
  jollyDelleSquadre,
  oggettiAttuali,
  inizioDeiRunning,
  sessioneConEvento,
  squadreDeiJolly,
  statoSessione,
  vociDopo,
  type Posizione,
  type VoceRegistro,
} from './queries';

export const tokenDi = (p: Posizione) =>
  p.da === null ? `${p.xid}.${p.id}` : `${p.xid}.${p.id}.${p.da}`;

/** A token of the first format (`xid.id`, before issue 27) reads without a time bound. */
export function posizioneDi(token: string): Posizione {
  const [xid, id, da] = token.split('.');
  return { xid: Number(xid), id: Number(id), da: da === undefined ? null : Number(da) };
}

/** Entries read per query: a burst of answers is sent in several. */
const VOCI_PER_LETTURA = 1000;

/** A field of an entry, before and after ([prima, dopo]; null on the missing side). */
const campo = (v: VoceRegistro, nome: string): unknown[] => v.modifiche?.[nome] ?? [];
const tra = (v: VoceRegistro, nome: string, valore: number) =>
  campo(v, nome).some((x) => x === valore);

/** The first line without `since`: the whole state, and where the feed goes on from. */
export async function rigaStato(
  db: Db,
  sessioneId: number,
): Promise<{ riga: StatoFeed; posizione: Posizione } | null> {
  const stato = await statoSessione(db, sessioneId);
  if (!stato) return null;
  const { s, e, posizione } = stato;
  return {
    posizione,
    riga: {
      type: 'stato',
      token: tokenDi(posizione),
      evento: eventoFeed(e),
      sessione: { id: s.id, nome: s.nome, numero_qualificati: s.numeroQualificati },
      problemi: stato.problemi.map(({ id, nome, ordine }) => ({ id, nome, ordine })),
      squadre: stato.squadre.map(({ sessioneId: _, ...squadra }) => squadra),
      eventi: stato.eventi,
      messaggi: stato.messaggi.map(({ id, testo, data }) => ({
        id,
        testo,
        data: data.toISOString(),
      })),
    },
  };
}

/**
 * The lines after `dopo` for the session, and the position they reach (past
 * entries of other sessions too). `fine`: nothing more is final right now.
 */
export async function righeDopo(
  db: Db,
  sessioneId: number,
  dopo: Posizione,
): Promise<{ righe: RigaFeed[]; posizione: Posizione; fine: boolean }> {
  // Read before the entries' snapshot (queries.ts says why).
  const inizio = await inizioDeiRunning(db);
  const { voci, posizione, fine } = await vociDopo(db, dopo, inizio, VOCI_PER_LETTURA);
  if (voci.length === 0) return { righe: [], posizione, fine };
  const head = await sessioneConEvento(db, sessioneId);
  if (!head) return { righe: [], posizione, fine };
  // A line's own token: every entry after it unseen was written after `dopo.da` too.
  const righe = await righeDelleVoci(db, head.s, head.e, voci, dopo.da);
  return { righe, posizione, fine };
}

async function righeDelleVoci(
  db: Db,
  s: Sessione,
  e: Evento,
  voci: readonly VoceRegistro[],
  da: number | null,
): Promise<RigaFeed[]> {
  const di = (risorsa: string) =>
    voci.filter((v) => v.risorsa === risorsa && v.oggettoId !== null).map((v) => v.oggettoId!);
  const jollyIds = di('jolly');
  const squadraDelJolly = await squadreDeiJolly(db, jollyIds);
  // A deleted joker names its team in the entry.
  const squadraDi = (v: VoceRegistro) =>
    squadraDelJolly.get(v.oggettoId!) ?? (campo(v, 'squadra').find((x) => x !== null) as number);
  const squadreDeiJollyToccati = voci.filter((v) => v.risorsa === 'jolly').map(squadraDi);
  const ora = await oggettiAttuali(db, {
    risposte: di('risposta'),
    squadre: [...di('squadra'), ...squadreDeiJollyToccati.filter((x) => typeof x === 'number')],
    problemi: di('problema'),
    messaggi: di('messaggio-importante'),
  });
  const jollyOra = await jollyDelleSquadre(
    db,
    squadreDeiJollyToccati.filter((x) => typeof x === 'number'),
  );
  const risposte = new Map(ora.risposte.map((r) => [r.id, r]));
  const squadre = new Map(ora.squadre.map((r) => [r.id, r]));
  const problemi = new Map(ora.problemi.map((r) => [r.id, r]));
  const messaggi = new Map(ora.messaggi.map((r) => [r.id, r]));
  const jolly = new Map(jollyOra.map((r) => [r.s, r]));

  const righe: RigaFeed[] = [];
  for (const v of voci) {
    const token = tokenDi({ xid: v.xid, id: v.id, da });
    const id = v.oggettoId;
    if (id === null) continue;
    switch (v.risorsa) {
      case 'risposta': {
        const r = risposte.get(id);
        if (r && r.sessioneId === s.id) {
          const { sessioneId: _, ...riga } = r;
          righe.push({ type: 'consegna', token, evento: toScoringEvent(riga) });
        } else if (!r && tra(v, 'sessione', s.id)) {
          righe.push({ type: 'consegna_eliminata', token, id });
        }
        break;
      }
      case 'jolly': {
        const squadraId = squadraDi(v);
        if (squadre.get(squadraId)?.sessioneId !== s.id) break;
        const j = jolly.get(squadraId);
        const evento = j ? toScoringEvent(j) : null;
        righe.push({
          type: 'jolly',
          token,
          squadra: squadraId,
          evento: evento && evento.k === 'j' ? evento : null,
        });
        break;
      }
      case 'squadra': {
        const q = squadre.get(id);
        if (q && q.sessioneId === s.id) {
          const { sessioneId: _, ...squadra } = q;
          righe.push({ type: 'squadra', token, squadra });
        } else if (tra(v, 'sessione', s.id) || (q && !q.sessioneId)) {
          righe.push({ type: 'squadra_eliminata', token, id });
        }
        break;
      }
      case 'problema': {
        const p = problemi.get(id);
        if (p && p.eventoId === e.id) {
          righe.push({ type: 'problema', token, problema: { id, nome: p.nome, ordine: p.ordine } });
        } else if (tra(v, 'evento', e.id)) {
          righe.push({ type: 'problema_eliminato', token, id });
        }
        break;
      }
      case 'messaggio-importante': {
        const m = messaggi.get(id);
        if (m && m.eventoId === e.id) {
          const messaggio = { id, testo: m.testo, data: m.data.toISOString() };
          righe.push({ type: 'messaggio', token, messaggio });
        } else if (tra(v, 'evento', e.id)) {
          righe.push({ type: 'messaggio_eliminato', token, id });
        }
        break;
      }
      case 'evento':
        if (id === e.id) righe.push({ type: 'evento', token, evento: eventoFeed(e) });
        break;
      case 'sessione':
        if (id === s.id) {
          const sessione = { id, nome: s.nome, numero_qualificati: s.numeroQualificati };
          righe.push({ type: 'sessione', token, sessione });
        }
        break;
    }
  }
  return righe;
}
