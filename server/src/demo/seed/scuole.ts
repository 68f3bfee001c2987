// Inserts countries, regions, cities and schools, and links the schools of
// `principale` and `docente`.
import type { DbTransaction } from '../../db/client';
import { citta, paese, regione, responsabileScuola, scuola } from '../../db/schema';
import { CITTA, PAESI, REGIONI, SCUOLE, type ScuolaDemo } from './luoghi';
import type { Random } from './random';
import type { UtentiDemo } from './utenti';

export type ScuolaInserita = ScuolaDemo & { id: number; lat: number; lon: number; cittaId: number };

export const SCUOLE_PRINCIPALE = ['dini', 'buonarroti', 'davinci-pi'] as const;
export const SCUOLA_DOCENTE = 'copernico';

export async function insertScuole(tx: DbTransaction, random: Random, utenti: UtentiDemo) {
  const paesi = await tx
    .insert(paese)
    .values([...PAESI])
    .returning({ id: paese.id, codice: paese.codice });
  const italia = paesi.find((p) => p.codice === 'IT')!.id;
  const regioni = await tx
    .insert(regione)
    .values(REGIONI.map((nome) => ({ nome, paeseId: italia })))
    .returning({ id: regione.id, nome: regione.nome });
  const regioneId = new Map(regioni.map((r) => [r.nome, r.id]));

  const cittaRows = await tx
    .insert(citta)
    .values(
      CITTA.map((c) => ({
        nome: c.nome,
        provincia: c.provincia,
        regioneId: c.regione ? regioneId.get(c.regione) : null,
        latitude: c.lat,
        longitude: c.lon,
      })),
    )
    .returning({ id: citta.id, nome: citta.nome });
  const cittaId = new Map(cittaRows.map((c) => [c.nome, c.id]));
  const coordinate = new Map(CITTA.map((c) => [c.nome, c]));

  // Schools sit within about a kilometre of their city's centre.
  const located = SCUOLE.map((s) => {
    const centre = coordinate.get(s.citta);
    if (!centre) throw new Error(`seed: città sconosciuta ${s.citta}`);
    return {
      ...s,
      cittaId: cittaId.get(s.citta)!,
      lat: Number((centre.lat + random.between(-0.008, 0.008)).toFixed(5)),
      lon: Number((centre.lon + random.between(-0.01, 0.01)).toFixed(5)),
    };
  });
  const scuole = await tx
    .insert(scuola)
    .values(
      located.map((s) => ({
        nome: s.nome,
        tipologia: s.tipologia,
        indirizzoNome: s.indirizzo,
        cittaId: s.cittaId,
        latitude: s.lat,
        longitude: s.lon,
      })),
    )
    .returning({ id: scuola.id });
  const result: ScuolaInserita[] = located.map((s, i) => ({ ...s, id: scuole[i]!.id }));
  const byKey = new Map(result.map((s) => [s.key, s]));

  await tx.insert(responsabileScuola).values([
    ...SCUOLE_PRINCIPALE.map((key) => ({
      responsabileId: utenti.principale.responsabileId,
      scuolaId: byKey.get(key)!.id,
    })),
    { responsabileId: utenti.docente.responsabileId, scuolaId: byKey.get(SCUOLA_DOCENTE)!.id },
  ]);
  return { scuole: result, byKey, cittaId, coordinate };
}
