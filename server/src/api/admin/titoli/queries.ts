// How the back office names a record of another resource (issue 26, items
// 11 and 12): in its pickers, its filters, its list cells and the audit log.
// A record that lives inside an event is named with it ('Evento — Sessione
// Nord'), an answer by its team and problem, a manager by his account, so
// that two sessions called 'Sessione Nord' of two events read apart. One
// place on the server, read in one query per resource for a page of ids.
import { valoreScritto, type RisorsaRegistro } from '@gas/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  citta,
  digitazione,
  evento,
  fileProgrammato,
  jolly,
  messaggioImportante,
  polo,
  problema,
  responsabile,
  risposta,
  scuola,
  sessione,
  squadra,
  users,
} from '../../../db/schema';
import type { AnyPgColumn } from '../../../db/schema/columns';
import { ADMIN_RESOURCES } from '../../../gara/registro/resources';

/** Id → title. */
export type Titoli = Map<number, string>;

type Resolver = (db: DbOrTx, ids: number[]) => Promise<[number, string][]>;

/** Ids read at most per query (PostgreSQL's parameter bound is far above). */
const MAX_IDS = 2000;

/** 'Mario Rossi (mrossi)', or the username alone. */
const nomeUtente = (u: { username: string; firstName: string; lastName: string }) => {
  const nome = `${u.firstName} ${u.lastName}`.trim();
  return nome ? `${nome} (${u.username})` : u.username;
};

/** A text cut to a title's length. */
const breve = (text: string, max = 60) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** A record inside an event: 'Evento — nome'. */
function nellEvento(
  table: { id: AnyPgColumn },
  eventoId: AnyPgColumn,
  nome: AnyPgColumn,
): Resolver {
  return async (db, ids) => {
    const rows = await db
      .select({ id: table.id, evento: evento.titolo, nome })
      .from(table.id.table)
      .innerJoin(evento, eq(evento.id, eventoId))
      .where(inArray(table.id, ids));
    return rows.map((r) => [r.id as number, `${r.evento} — ${breve(String(r.nome ?? ''))}`]);
  };
}

/** An answer row: 'Squadra — Problema: valore' (a joker's row: 'jolly'). */
const risposte: Resolver = async (db, ids) => {
  const rows = await db
    .select({
      id: risposta.id,
      squadra: squadra.nome,
      problema: problema.nome,
      valore: risposta.valore,
      exp: risposta.valoreExp,
      kind: risposta.kind,
    })
    .from(risposta)
    .innerJoin(squadra, eq(squadra.id, risposta.squadraId))
    .innerJoin(problema, eq(problema.id, risposta.problemaId))
    .where(inArray(risposta.id, ids));
  return rows.map((r) => [
    r.id,
    `${r.squadra} — ${r.problema}: ${r.kind === 'j' ? 'jolly' : valoreScritto(r.valore, r.exp)}`,
  ]);
};

const jollies: Resolver = async (db, ids) => {
  const rows = await db
    .select({ id: jolly.id, squadra: squadra.nome, problema: problema.nome })
    .from(jolly)
    .innerJoin(squadra, eq(squadra.id, jolly.squadraId))
    .innerJoin(problema, eq(problema.id, jolly.problemaId))
    .where(inArray(jolly.id, ids));
  return rows.map((r) => [r.id, `${r.squadra} — ${r.problema}: jolly`]);
};

/** A typing of double entry: 'Squadra — Problema: valore (chi l’ha digitata)'. */
const digitazioni: Resolver = async (db, ids) => {
  const rows = await db
    .select({
      id: digitazione.id,
      squadra: squadra.nome,
      problema: problema.nome,
      valore: digitazione.valore,
      exp: digitazione.valoreExp,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(digitazione)
    .innerJoin(squadra, eq(squadra.id, digitazione.squadraId))
    .innerJoin(problema, eq(problema.id, digitazione.problemaId))
    .leftJoin(users, eq(users.id, digitazione.utenteId))
    .where(inArray(digitazione.id, ids));
  return rows.map((r) => {
    const nome = `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.username;
    const chi = nome ? `, digitata da ${nome}` : '';
    return [r.id, `${r.squadra} — ${r.problema}: ${valoreScritto(r.valore, r.exp)}${chi}`];
  });
};

const utenti: Resolver = async (db, ids) => {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return rows.map((r) => [r.id, nomeUtente(r)]);
};

/** A manager by his account. */
const responsabili: Resolver = async (db, ids) => {
  const rows = await db
    .select({
      id: responsabile.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(responsabile)
    .innerJoin(users, eq(users.id, responsabile.userId))
    .where(inArray(responsabile.id, ids));
  return rows.map((r) => [r.id, nomeUtente(r)]);
};

/** A school with its town: many schools share a name ('Liceo Scientifico G. Galilei'). */
const scuole: Resolver = async (db, ids) => {
  const rows = await db
    .select({ id: scuola.id, nome: scuola.nome, citta: citta.nome })
    .from(scuola)
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .where(inArray(scuola.id, ids));
  return rows.map((r) => [r.id, r.citta ? `${r.nome} (${r.citta})` : r.nome]);
};

const cittaConProvincia: Resolver = async (db, ids) => {
  const rows = await db
    .select({ id: citta.id, nome: citta.nome, provincia: citta.provincia })
    .from(citta)
    .where(inArray(citta.id, ids));
  return rows.map((r) => [r.id, r.provincia ? `${r.nome} (${r.provincia})` : r.nome]);
};

/** Resources named by their title field alone (events, places, site content). */
function perTitolo(nome: string): Resolver | undefined {
  const resource = ADMIN_RESOURCES.find((r) => r.risorsa.nome === nome);
  const column = resource?.columns[resource.risorsa.titolo];
  if (!resource || !column) return undefined;
  return async (db, ids) => {
    const rows = await db
      .select({ id: resource.id, titolo: column })
      .from(resource.table)
      .where(inArray(resource.id, ids));
    return rows.map((r) => [r.id as number, breve(String(r.titolo ?? ''))]);
  };
}

const RESOLVERS: Partial<Record<RisorsaRegistro, Resolver>> = {
  sessione: nellEvento(sessione, sessione.eventoId, sessione.nome),
  problema: nellEvento(problema, problema.eventoId, problema.nome),
  squadra: nellEvento(squadra, squadra.eventoId, squadra.nome),
  polo: nellEvento(polo, polo.eventoId, polo.nomeBreve),
  'file-programmato': nellEvento(
    fileProgrammato,
    fileProgrammato.eventoId,
    fileProgrammato.nomeFile,
  ),
  'messaggio-importante': nellEvento(
    messaggioImportante,
    messaggioImportante.eventoId,
    messaggioImportante.testo,
  ),
  risposta: risposte,
  jolly: jollies,
  digitazione: digitazioni,
  user: utenti,
  responsabile: responsabili,
  scuola: scuole,
  citta: cittaConProvincia,
};

/** Whether records of `nome` have titles here (every resource of the back office, double entry). */
export function haTitoli(nome: string): boolean {
  return nome in RESOLVERS || perTitolo(nome) !== undefined;
}

/** The titles of the records of `nome` with these ids (missing ones are left out). */
export async function titoliDi(db: DbOrTx, nome: string, ids: readonly number[]): Promise<Titoli> {
  const resolver = RESOLVERS[nome as RisorsaRegistro] ?? perTitolo(nome);
  const unique = [...new Set(ids)];
  const out: Titoli = new Map();
  if (!resolver || unique.length === 0) return out;
  for (let i = 0; i < unique.length; i += MAX_IDS) {
    for (const [id, titolo] of await resolver(db, unique.slice(i, i + MAX_IDS))) {
      out.set(id, titolo);
    }
  }
  return out;
}

/** Several resources at once: `wanted` maps a resource to ids, the answer a resource to titles. */
export async function titoliDiOgni(
  db: DbOrTx,
  wanted: Map<string, Set<number>>,
): Promise<Map<string, Titoli>> {
  const entries = await Promise.all(
    [...wanted].map(async ([nome, ids]) => [nome, await titoliDi(db, nome, [...ids])] as const),
  );
  return new Map(entries);
}
