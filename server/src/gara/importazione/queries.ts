// What GaS holds of the records a document names, read in the import's
// transaction before anything is checked or written: the event with its
// sessions and venues, the schools, managers and teams in the document's own
// terms (codes, names, id_esterno), the accounts whose username or e-mail a
// document's manager wants, and the teams that already have answers.
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { chiudiLinkPassword } from '../../auth/queries';
import { isPrivilegedAccount } from '../../policies';
import {
  citta,
  evento,
  paese,
  polo,
  regione,
  responsabile,
  responsabileScuola,
  responsabileSquadra,
  risposta,
  scuola,
  sessione,
  sincronizzazione,
  squadra,
  users,
  type Sincronizzazione,
} from '../../db/schema';
import type { ImportDocumento } from '@gas/contracts';

/** A school as a document describes it. */
export type ScuolaDoc = {
  nome: string;
  tipologia: string;
  indirizzo: string;
  citta: string | null;
  provincia: string | null;
  regione: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A manager as a document describes it (the account's data included). */
export type ResponsabileDoc = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  scuole: string[];
  puo_iscriversi_gare_ufficiali: boolean;
  newsletter: boolean;
  ruolo: string;
  attivo: boolean;
};

/** A team as a document describes it. */
export type SquadraDoc = {
  nome: string;
  scuola: string | null;
  sessione: string;
  polo: string | null;
  ospite: boolean;
  ordine_eta: number;
  capitano: string | null;
  anno_capitano: number | null;
  consegnatore: string | null;
  anno_consegnatore: number | null;
  p1: string | null;
  anno_p1: number | null;
  p2: string | null;
  anno_p2: number | null;
  p3: string | null;
  anno_p3: number | null;
  ufficiale: boolean;
  responsabili: string[];
};

export type Stato = {
  evento: { id: number; tipologia: string } | null;
  /** Sessions and venues of the event by name (any case). */
  sessioni: Map<string, { id: number; nome: string }>;
  poli: Map<string, { id: number; nome: string }>;
  scuole: Map<string, { id: number; doc: ScuolaDoc }>;
  /** Every manager registered by the external site, by id_esterno. */
  responsabili: Map<
    string,
    {
      id: number;
      userId: number;
      doc: ResponsabileDoc;
      /** The account is staff or superuser: an import never changes it (issue 26). */
      privilegiato: boolean;
    }
  >;
  /** Accounts holding a username or e-mail (lower case) a document's manager wants. */
  perUsername: Map<string, number>;
  perEmail: Map<string, number>;
  /** Every team of the event: the imported ones by id_esterno, all by session for names. */
  squadre: Map<string, { id: number; sessioneId: number; doc: SquadraDoc; risposte: boolean }>;
  nomiInSessione: { id: number; sessioneId: number; nome: string; idEsterno: string | null }[];
  /** Regions by name, cities by name (all of them: an Italian list is ~8,000). */
  regioni: Map<string, number>;
  citta: { id: number; nome: string; provincia: string | null }[];
  italia: number | null;
};

const nomeKey = (s: string) => s.trim().toLocaleLowerCase('it');
export { nomeKey };

export async function caricaStato(tx: DbOrTx, documento: ImportDocumento): Promise<Stato> {
  const eventoId = documento.evento ?? null;
  const [ev] = eventoId
    ? await tx
        .select({ id: evento.id, tipologia: evento.tipologia })
        .from(evento)
        .where(eq(evento.id, eventoId))
    : [];
  const sessioni = ev
    ? await tx
        .select({ id: sessione.id, nome: sessione.nome })
        .from(sessione)
        .where(eq(sessione.eventoId, ev.id))
    : [];
  const poli = ev
    ? await tx
        .select({ id: polo.id, nome: polo.nomeBreve })
        .from(polo)
        .where(eq(polo.eventoId, ev.id))
    : [];

  const codici = new Set<string>();
  for (const s of documento.scuole) codici.add(s.codice_meccanografico);
  for (const r of documento.responsabili) for (const c of r.scuole ?? []) codici.add(c);
  for (const t of documento.squadre) if (t.scuola) codici.add(t.scuola);

  const [scuole, responsabili, regioni, cittaRows, italia] = await Promise.all([
    caricaScuole(tx, [...codici]),
    caricaResponsabili(tx),
    tx.select({ id: regione.id, nome: regione.nome }).from(regione).orderBy(asc(regione.id)),
    tx
      .select({ id: citta.id, nome: citta.nome, provincia: citta.provincia })
      .from(citta)
      .orderBy(asc(citta.id)),
    tx
      .select({ id: paese.id })
      .from(paese)
      .where(sql`lower(${paese.nome}) = 'italia'`),
  ]);

  const usernames = documento.responsabili.map((r) => r.username);
  const emails = documento.responsabili.map((r) => r.email.toLowerCase());
  const accounts =
    usernames.length === 0
      ? []
      : await tx
          .select({ id: users.id, username: users.username, email: users.email })
          .from(users)
          .where(
            or(inArray(users.username, usernames), inArray(sql`lower(${users.email})`, emails)),
          );

  const squadre = ev ? await caricaSquadre(tx, ev.id) : { perEsterno: new Map(), tutte: [] };
  return {
    evento: ev ?? null,
    sessioni: new Map(sessioni.map((s) => [nomeKey(s.nome), s])),
    poli: new Map(poli.map((p) => [nomeKey(p.nome), p])),
    scuole,
    responsabili,
    perUsername: new Map(accounts.map((a) => [a.username, a.id])),
    perEmail: new Map(accounts.filter((a) => a.email).map((a) => [a.email.toLowerCase(), a.id])),
    squadre: squadre.perEsterno,
    nomiInSessione: squadre.tutte,
    regioni: new Map(regioni.map((r) => [r.nome, r.id])),
    citta: cittaRows,
    italia: italia[0]?.id ?? null,
  };
}

async function caricaScuole(tx: DbOrTx, codici: string[]) {
  const out: Stato['scuole'] = new Map();
  if (codici.length === 0) return out;
  const rows = await tx
    .select({
      id: scuola.id,
      codice: scuola.codiceMeccanografico,
      nome: scuola.nome,
      tipologia: scuola.tipologia,
      indirizzo: scuola.indirizzoNome,
      citta: citta.nome,
      provincia: citta.provincia,
      regione: regione.nome,
      latitude: scuola.latitude,
      longitude: scuola.longitude,
    })
    .from(scuola)
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .leftJoin(regione, eq(regione.id, citta.regioneId))
    .where(inArray(scuola.codiceMeccanografico, codici));
  for (const { id, codice, ...doc } of rows) out.set(codice!, { id, doc });
  return out;
}

async function caricaResponsabili(tx: DbOrTx) {
  const rows = await tx
    .select({
      id: responsabile.id,
      userId: responsabile.userId,
      idEsterno: responsabile.idEsterno,
      username: users.username,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      puo_iscriversi_gare_ufficiali: responsabile.puoIscriversiGareUfficiali,
      newsletter: responsabile.newsletter,
      ruolo: responsabile.ruolo,
      attivo: responsabile.attivo,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
    })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(isNotNull(responsabile.idEsterno));
  const links = await tx
    .select({
      responsabileId: responsabileScuola.responsabileId,
      codice: scuola.codiceMeccanografico,
    })
    .from(responsabileScuola)
    .innerJoin(scuola, eq(scuola.id, responsabileScuola.scuolaId))
    .innerJoin(responsabile, eq(responsabile.id, responsabileScuola.responsabileId))
    .where(isNotNull(responsabile.idEsterno));
  const scuoleDi = new Map<number, string[]>();
  for (const l of links) {
    if (!l.codice) continue;
    scuoleDi.set(l.responsabileId, [...(scuoleDi.get(l.responsabileId) ?? []), l.codice]);
  }
  const out: Stato['responsabili'] = new Map();
  for (const { id, userId, idEsterno, isStaff, isSuperuser, ...doc } of rows) {
    out.set(idEsterno!, {
      id,
      userId,
      doc: { ...doc, scuole: (scuoleDi.get(id) ?? []).sort() },
      privilegiato: isPrivilegedAccount({ isStaff, isSuperuser }),
    });
  }
  return out;
}

async function caricaSquadre(tx: DbOrTx, eventoId: number) {
  const rows = await tx
    .select({
      id: squadra.id,
      idEsterno: squadra.idEsterno,
      sessioneId: squadra.sessioneId,
      nome: squadra.nome,
      scuola: scuola.codiceMeccanografico,
      sessione: sessione.nome,
      polo: polo.nomeBreve,
      ospite: squadra.ospite,
      ordine_eta: squadra.ordineEta,
      capitano: squadra.capitano,
      anno_capitano: squadra.annoCapitano,
      consegnatore: squadra.consegnatore,
      anno_consegnatore: squadra.annoConsegnatore,
      p1: squadra.p1,
      anno_p1: squadra.annoP1,
      p2: squadra.p2,
      anno_p2: squadra.annoP2,
      p3: squadra.p3,
      anno_p3: squadra.annoP3,
      ufficiale: squadra.ufficiale,
      risposte: sql<boolean>`exists (select 1 from ${risposta} where ${risposta.squadraId} = ${squadra.id})`,
    })
    .from(squadra)
    .innerJoin(sessione, eq(sessione.id, squadra.sessioneId))
    .leftJoin(scuola, eq(scuola.id, squadra.scuolaId))
    .leftJoin(polo, eq(polo.id, squadra.poloId))
    .where(eq(squadra.eventoId, eventoId));
  const links = await tx
    .select({ squadraId: responsabileSquadra.squadraId, idEsterno: responsabile.idEsterno })
    .from(responsabileSquadra)
    .innerJoin(responsabile, eq(responsabile.id, responsabileSquadra.responsabileId))
    .innerJoin(squadra, eq(squadra.id, responsabileSquadra.squadraId))
    .where(and(eq(squadra.eventoId, eventoId), isNotNull(responsabile.idEsterno)));
  const responsabiliDi = new Map<number, string[]>();
  for (const l of links) {
    responsabiliDi.set(l.squadraId, [...(responsabiliDi.get(l.squadraId) ?? []), l.idEsterno!]);
  }
  const perEsterno: Stato['squadre'] = new Map();
  for (const { id, idEsterno, sessioneId, risposte, ...doc } of rows) {
    if (idEsterno === null) continue;
    perEsterno.set(idEsterno, {
      id,
      sessioneId,
      risposte: risposte === true,
      doc: { ...doc, responsabili: (responsabiliDi.get(id) ?? []).sort() },
    });
  }
  const tutte = rows.map((r) => ({
    id: r.id,
    sessioneId: r.sessioneId,
    nome: r.nome,
    idEsterno: r.idEsterno,
  }));
  return { perEsterno, tutte };
}

// ---- writes (only for a checked document, in the import's transaction)

/** One import at a time, whatever starts it (HTTP, command line, the scheduled sync). */
export async function bloccaImportazioni(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}
/** The key of the import's advisory lock (the sync's session lock uses it too). */
export const IMPORT_LOCK = 1_500_015;

/** The city of a school, created (with its region) when GaS does not know it. */
export async function cittaDi(
  tx: DbOrTx,
  stato: Stato,
  luogo: { citta: string | null; provincia: string | null; regione: string | null },
  /** Told of each record created (for the log). */
  creato: (risorsa: 'citta' | 'regione', id: number) => void,
): Promise<number | null> {
  if (!luogo.citta) return null;
  const stessa = stato.citta.filter((c) => c.nome === luogo.citta);
  const trovata =
    stessa.find((c) => (c.provincia ?? null) === (luogo.provincia ?? null)) ??
    (luogo.provincia ? undefined : stessa[0]);
  if (trovata) return trovata.id;
  let regioneId: number | null = null;
  if (luogo.regione) {
    regioneId = stato.regioni.get(luogo.regione) ?? null;
    if (regioneId === null) {
      const [r] = await tx
        .insert(regione)
        .values({ nome: luogo.regione, paeseId: stato.italia })
        .returning({ id: regione.id });
      regioneId = r!.id;
      stato.regioni.set(luogo.regione, regioneId);
      creato('regione', regioneId);
    }
  }
  const [c] = await tx
    .insert(citta)
    .values({ nome: luogo.citta, provincia: luogo.provincia, regioneId })
    .returning({ id: citta.id });
  stato.citta.push({ id: c!.id, nome: luogo.citta, provincia: luogo.provincia });
  creato('citta', c!.id);
  return c!.id;
}

export async function scriviScuola(
  tx: DbOrTx,
  id: number | null,
  codice: string,
  doc: ScuolaDoc,
  cittaId: number | null,
): Promise<number> {
  const values = {
    nome: doc.nome,
    tipologia: doc.tipologia as (typeof scuola.$inferInsert)['tipologia'],
    indirizzoNome: doc.indirizzo,
    cittaId,
    latitude: doc.latitude,
    longitude: doc.longitude,
    codiceMeccanografico: codice,
  };
  if (id !== null) {
    await tx.update(scuola).set(values).where(eq(scuola.id, id));
    return id;
  }
  const [row] = await tx.insert(scuola).values(values).returning({ id: scuola.id });
  return row!.id;
}

/** A main manager and their account; returns the manager's and the account's ids. */
export async function scriviResponsabile(
  tx: DbOrTx,
  esistente: { id: number; userId: number } | null,
  idEsterno: string,
  doc: ResponsabileDoc,
): Promise<{ id: number; userId: number }> {
  const account = {
    username: doc.username,
    email: doc.email,
    firstName: doc.first_name,
    lastName: doc.last_name,
  };
  const profilo = {
    ruolo: 'sp' as const,
    attivo: true,
    puoIscriversiGareUfficiali: doc.puo_iscriversi_gare_ufficiali,
    newsletter: doc.newsletter,
    idEsterno,
  };
  if (esistente) {
    const [prima] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, esistente.userId));
    // A pending link was sent to the old address: it ends with the change (issue 26).
    if (prima && prima.email.toLowerCase() !== doc.email.toLowerCase()) {
      await chiudiLinkPassword(tx, esistente.userId);
    }
    await tx.update(users).set(account).where(eq(users.id, esistente.userId));
    await tx.update(responsabile).set(profilo).where(eq(responsabile.id, esistente.id));
    return esistente;
  }
  // No usable password: the manager sets one through the link sent by e-mail.
  const [u] = await tx.insert(users).values(account).returning({ id: users.id });
  const [r] = await tx
    .insert(responsabile)
    .values({ ...profilo, userId: u!.id })
    .returning({ id: responsabile.id });
  return { id: r!.id, userId: u!.id };
}

/** The schools of an imported manager: exactly the document's. */
export async function scriviScuoleDi(tx: DbOrTx, responsabileId: number, scuole: number[]) {
  await tx.delete(responsabileScuola).where(eq(responsabileScuola.responsabileId, responsabileId));
  if (scuole.length > 0) {
    await tx
      .insert(responsabileScuola)
      .values(scuole.map((scuolaId) => ({ responsabileId, scuolaId })));
  }
}

export async function scriviSquadra(
  tx: DbOrTx,
  id: number | null,
  valori: {
    eventoId: number;
    sessioneId: number;
    poloId: number | null;
    scuolaId: number | null;
    idEsterno: string;
    doc: SquadraDoc;
  },
): Promise<number> {
  const { doc } = valori;
  const values = {
    nome: doc.nome,
    eventoId: valori.eventoId,
    sessioneId: valori.sessioneId,
    poloId: valori.poloId,
    scuolaId: valori.scuolaId,
    idEsterno: valori.idEsterno,
    ufficiale: true,
    ospite: doc.ospite,
    ordineEta: doc.ordine_eta,
    capitano: doc.capitano,
    annoCapitano: doc.anno_capitano,
    consegnatore: doc.consegnatore,
    annoConsegnatore: doc.anno_consegnatore,
    p1: doc.p1,
    annoP1: doc.anno_p1,
    p2: doc.p2,
    annoP2: doc.anno_p2,
    p3: doc.p3,
    annoP3: doc.anno_p3,
  };
  if (id !== null) {
    await tx.update(squadra).set(values).where(eq(squadra.id, id));
    return id;
  }
  const [row] = await tx.insert(squadra).values(values).returning({ id: squadra.id });
  return row!.id;
}

/**
 * The managers of a team from the external site: exactly the document's.
 * Links to managers GaS made itself (the secondary managers a main manager
 * creates for a team) are kept.
 */
export async function scriviResponsabiliDi(tx: DbOrTx, squadraId: number, responsabili: number[]) {
  await tx
    .delete(responsabileSquadra)
    .where(
      and(
        eq(responsabileSquadra.squadraId, squadraId),
        inArray(
          responsabileSquadra.responsabileId,
          tx
            .select({ id: responsabile.id })
            .from(responsabile)
            .where(isNotNull(responsabile.idEsterno)),
        ),
      ),
    );
  if (responsabili.length > 0) {
    await tx
      .insert(responsabileSquadra)
      .values(responsabili.map((responsabileId) => ({ responsabileId, squadraId })))
      .onConflictDoNothing();
  }
}

// ---- runs of the scheduled sync

/** The key of the sync's lease lock (one instance starts a run at a time). */
const SYNC_LOCK = 1_500_016;
/** A run still 'in_corso' after this long is taken for dead (its instance stopped). */
const RUN_MORTO_MS = 15 * 60_000;

/**
 * Starts a run unless another instance is running one or, for a scheduled
 * run, has just run one: returns the new run, or null. A short transaction
 * under an advisory lock, so instances never start the same period twice.
 */
export async function iniziaSincronizzazione(
  db: Db,
  /** Who pressed 'Sincronizza ora' (null: the schedule). */
  utenteId: number | null,
  pianificata: { periodoMs: number } | null,
): Promise<Sincronizzazione | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK}) as ok`);
    if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return null;
    const now = Date.now();
    const [ultima] = await tx
      .select()
      .from(sincronizzazione)
      .orderBy(desc(sincronizzazione.inizio))
      .limit(1);
    if (ultima) {
      const eta = now - ultima.inizio.getTime();
      if (ultima.esito === 'in_corso' && eta < RUN_MORTO_MS) return null;
      // Another instance ran this period already (with some slack for timers).
      if (pianificata && eta < pianificata.periodoMs * 0.9) return null;
    }
    const avviataDa =
      utenteId === null
        ? 'pianificata'
        : sql`coalesce((select ${users.username} from ${users} where ${users.id} = ${utenteId}), '')`;
    const [run] = await tx.insert(sincronizzazione).values({ avviataDa }).returning();
    return run!;
  });
}

export async function chiudiSincronizzazione(
  db: Db,
  id: number,
  fine: Pick<Sincronizzazione, 'esito' | 'riepilogo' | 'errore' | 'generato'>,
): Promise<Sincronizzazione> {
  const [run] = await db
    .update(sincronizzazione)
    .set({ ...fine, fine: new Date() })
    .where(eq(sincronizzazione.id, id))
    .returning();
  return run!;
}

export function ultimeSincronizzazioni(db: DbOrTx, quante: number) {
  return db
    .select()
    .from(sincronizzazione)
    .orderBy(desc(sincronizzazione.inizio), desc(sincronizzazione.id))
    .limit(quante);
}
