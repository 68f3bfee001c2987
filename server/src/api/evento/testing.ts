// Test helpers of the event-scoped resources (evento, file-programmato, polo,
// problema, messaggi-importanti): demo event ids, a private event, the
// authorization-matrix rows, a snapshot of the tables these endpoints write,
// and multipart bodies. Tests only.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  evento,
  eventoAmministratore,
  eventoInseritore,
  fileProgrammato,
  messaggioImportante,
  problema,
  sessione,
} from '../../db/schema';
import { ROLES, type Client, type Role, type TestApp } from '../testing';

export type Matrix = Record<Role, number>;

/** One row per role, for `it.each`: every cell of the matrix is written out by the caller. */
export const cells = <T = number>(table: Record<Role, T>) =>
  ROLES.map((role) => ({ role, expected: table[role] }));

/** The back office and the import: staff and superusers only (DRF's 403 for the others). */
export const STAFF_ONLY: Matrix = {
  anonimo: 403,
  docente: 403,
  principale: 403,
  secondario: 403,
  inseritore: 403,
  amministratore: 403,
  staff: 200,
  admin: 200,
};

export type DemoEventi = { nazionale: number; passato: number; aperto: number };

/** The seed's events: upcoming official, concluded official, public training. */
export async function demoEventi(db: Db): Promise<DemoEventi> {
  const rows = await db.select().from(evento).orderBy(asc(evento.id));
  const now = Date.now();
  const find = (pred: (r: (typeof rows)[number]) => boolean) => rows.find(pred)!.id;
  return {
    nazionale: find((r) => r.tipologia === 'o' && r.inizio.getTime() > now),
    passato: find((r) => r.tipologia === 'o' && r.fine.getTime() < now),
    aperto: find((r) => r.tipologia === 'pub'),
  };
}

/**
 * A private event created through the API by `amministratore`, with
 * `inseritore` invited as inseritore: visible to those two and superusers only.
 */
export async function createPrivateEvent(t: TestApp, titolo = 'Allenamento privato') {
  const amm = await t.as('amministratore');
  const res = await amm.post('/api/gas/evento/', { titolo });
  if (res.statusCode !== 201) throw new Error(`evento privato: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  const inv = await amm.post(`/api/gas/evento/${id}/invita/`, {
    email: 'inseritore@gas.example',
    ruolo: 'ins',
  });
  if (inv.statusCode !== 204) throw new Error(`invito: ${inv.statusCode} ${inv.body}`);
  return id;
}

/** Every row these endpoints may write, to prove a refused request changed nothing. */
export async function snapshot(db: Db) {
  const [eventi, problemi, sessioni, files, messaggi, amministratori, inseritori] =
    await Promise.all([
      db.select().from(evento).orderBy(asc(evento.id)),
      db.select().from(problema).orderBy(asc(problema.id)),
      db.select().from(sessione).orderBy(asc(sessione.id)),
      db
        .select({
          id: fileProgrammato.id,
          eventoId: fileProgrammato.eventoId,
          tipologia: fileProgrammato.tipologia,
          data: fileProgrammato.data,
          pubblico: fileProgrammato.pubblico,
          nomeFile: fileProgrammato.nomeFile,
          sha256: fileProgrammato.sha256,
        })
        .from(fileProgrammato)
        .orderBy(asc(fileProgrammato.id)),
      db.select().from(messaggioImportante).orderBy(asc(messaggioImportante.id)),
      db.select().from(eventoAmministratore),
      db.select().from(eventoInseritore),
    ]);
  const byKey = (a: { eventoId: number; responsabileId: number }[]) =>
    [...a].sort((x, y) => x.eventoId - y.eventoId || x.responsabileId - y.responsabileId);
  return {
    eventi,
    problemi,
    sessioni,
    files,
    messaggi,
    amministratori: byKey(amministratori),
    inseritori: byKey(inseritori),
  };
}

export async function problemiOf(db: Db, eventoId: number) {
  return db
    .select()
    .from(problema)
    .where(eq(problema.eventoId, eventoId))
    .orderBy(asc(problema.ordine));
}

/** A minimal, well-formed PDF document. */
export function tinyPdf(text = 'GaS'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gas${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/pdf'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a multipart body with the client's cookies and CSRF token. */
export function sendMultipart(
  client: Client,
  method: 'POST' | 'PATCH',
  url: string,
  parts: Part[],
) {
  const { payload, headers } = multipart(parts);
  return client.request(method, url, undefined, { payload, headers });
}
