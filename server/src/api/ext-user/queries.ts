// Reads of countries, regions, cities and schools, paginated in SQL (Italy
// has thousands of schools). Only this file touches drizzle.
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { citta, paese, regione, scuola, type TipologiaScuola } from '../../db/schema';
import type { Window } from '../shared/pagination';
import { containsPattern } from '../../db/like';

const page = <T>(rows: Promise<T[]>, total: Promise<{ n: number }[]>) =>
  Promise.all([rows, total]).then(([results, [row]]) => ({ results, count: row?.n ?? 0 }));

export function listPaesi(db: DbOrTx, window: Window, nome?: string) {
  const where = nome ? ilike(paese.nome, containsPattern(nome)) : undefined;
  return page(
    db
      .select()
      .from(paese)
      .where(where)
      .orderBy(asc(paese.nome), asc(paese.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(paese).where(where),
  );
}

export function listRegioni(db: DbOrTx, window: Window, f: { paese?: number; nome?: string }) {
  const where = and(
    f.paese !== undefined ? eq(regione.paeseId, f.paese) : undefined,
    f.nome ? ilike(regione.nome, containsPattern(f.nome)) : undefined,
  );
  return page(
    db
      .select()
      .from(regione)
      .where(where)
      .orderBy(asc(regione.nome), asc(regione.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(regione).where(where),
  );
}

export type CittaFilters = { regione?: number; provincia?: string; nome?: string };

export function listCitta(db: DbOrTx, window: Window, f: CittaFilters) {
  const where = and(
    f.regione !== undefined ? eq(citta.regioneId, f.regione) : undefined,
    f.provincia ? ilike(citta.provincia, f.provincia.replace(/[\\%_]/g, '')) : undefined,
    f.nome ? ilike(citta.nome, containsPattern(f.nome)) : undefined,
  );
  return page(
    db
      .select()
      .from(citta)
      .where(where)
      .orderBy(asc(citta.nome), asc(citta.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(citta).where(where),
  );
}

export type ScuolaFilters = {
  /** Only these ids (`mie=y` passes the user's schools; an empty list = none). */
  ids?: readonly number[];
  citta?: number;
  regione?: number;
  tipologia?: TipologiaScuola;
  nome?: string;
  /** School or city name. */
  search?: string;
};

function scuolaWhere(f: ScuolaFilters): SQL | undefined {
  return and(
    f.ids !== undefined ? inArray(scuola.id, [...f.ids, -1]) : undefined,
    f.citta !== undefined ? eq(scuola.cittaId, f.citta) : undefined,
    f.regione !== undefined ? eq(citta.regioneId, f.regione) : undefined,
    f.tipologia ? eq(scuola.tipologia, f.tipologia) : undefined,
    f.nome ? ilike(scuola.nome, containsPattern(f.nome)) : undefined,
    f.search
      ? or(
          ilike(scuola.nome, containsPattern(f.search)),
          ilike(citta.nome, containsPattern(f.search)),
        )
      : undefined,
  );
}

export function listScuole(db: DbOrTx, window: Window, f: ScuolaFilters) {
  const where = scuolaWhere(f);
  return page(
    db
      .select({ scuola, citta })
      .from(scuola)
      .leftJoin(citta, eq(citta.id, scuola.cittaId))
      .where(where)
      .orderBy(asc(scuola.nome), asc(scuola.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(scuola)
      .leftJoin(citta, eq(citta.id, scuola.cittaId))
      .where(where),
  );
}

export async function findScuola(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ scuola, citta })
    .from(scuola)
    .leftJoin(citta, eq(citta.id, scuola.cittaId))
    .where(eq(scuola.id, id));
  return row ?? null;
}
