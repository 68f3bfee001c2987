// Demo events beyond the three main ones, seeded after them with their own
// random sequence (so the main events stay exactly as they were):
// - the national finals of the two previous seasons, concluded, with teams,
//   answers and jokers: the season pages and the Albo d'oro have content;
// - a public training event of `docente` with two venues (poli) and teams in
//   three days: delivery slips can be tried on it (on official contest days
//   they are refused, and the national event is official).
import { annoEvento } from '../../db/anno';
import type { DbTransaction } from '../../db/client';
import { polo, poloResponsabile, responsabileSquadra, squadra } from '../../db/schema';
import { insertPiani, scadenze, type EventoDemo, type Piano } from './eventi';
import { nomiSquadre } from './nomi';
import { PROBLEMI_ALLENAMENTO, PROBLEMI_APERTO, PROBLEMI_NAZIONALE } from './problemi';
import { createRandom, type Random } from './random';
import { insertRisposte } from './risposte';
import { SCUOLA_DOCENTE, type ScuolaInserita } from './scuole';
import { POLI, squadraUfficiale, type SquadraDemo } from './squadre';
import type { UtentiDemo } from './utenti';

const SEED_STORIA = 20_260_416;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Teams at each past final. */
const SQUADRE_FINALE = 24;
/** The venues of the training event, with the teams of each. */
const POLI_ALLENAMENTO = ['Pisa', 'Bologna'] as const;
const SQUADRE_PER_POLO = 4;

export const TITOLO_ALLENAMENTO_POLI = 'Allenamento con i poli – prova dei bigliettini';

type Chiave = 'finalePrecedente' | 'finaleDueAnniFa' | 'allenamentoPoli';

/** 15 April of `year`, 10:00 in Rome (08:00 UTC, summer time). */
const finale = (year: number) => new Date(Date.UTC(year, 3, 15, 8, 0));

function piani(now: Date, utenti: UtentiDemo): Record<Chiave, Piano> {
  // The season of `now` is `anno`; its final may not have happened yet, the
  // two before surely have (their April is before the September of `now`).
  const anno = annoEvento(now);
  const admin = utenti.admin.userId;
  const finalePassata = (year: number, problemi: typeof PROBLEMI_NAZIONALE): Piano => {
    const date = scadenze(finale(year), 120, new Date(finale(year).getTime() - 45 * DAY));
    return {
      evento: {
        titolo: `Finale nazionale a squadre ${year}`,
        descrizione: `Finale nazionale della stagione ${year - 1}-${year}.`,
        tipologia: 'o',
        ufficiale: true,
        ...date,
        creatoDa: admin,
      },
      sessioni: [{ nome: 'Finale', ufficiale: true, numeroQualificati: 3, nord: null }],
      problemi,
      amministratori: [utenti.admin.responsabileId],
      inseritori: [],
      messaggi: [
        { testo: 'La finale è iniziata: buon lavoro a tutte le squadre!', data: date.inizio },
      ],
      files: true,
    };
  };
  const inizio = new Date(Math.ceil((now.getTime() + 3 * DAY) / HOUR) * HOUR);
  return {
    finalePrecedente: finalePassata(anno - 1, PROBLEMI_NAZIONALE),
    finaleDueAnniFa: finalePassata(anno - 2, PROBLEMI_ALLENAMENTO),
    allenamentoPoli: {
      evento: {
        titolo: TITOLO_ALLENAMENTO_POLI,
        descrizione:
          'Allenamento pubblico con due poli: i responsabili dei poli possono stampare i bigliettini di consegna.',
        tipologia: 'pub',
        ufficiale: false,
        ...scadenze(inizio, 90, new Date(now.getTime() - 2 * DAY)),
        creatoDa: utenti.docente.userId,
      },
      sessioni: [{ nome: 'Sessione unica', ufficiale: false, numeroQualificati: null, nord: null }],
      problemi: PROBLEMI_APERTO,
      amministratori: [utenti.docente.responsabileId],
      inseritori: [],
      messaggi: [],
      files: false,
    },
  };
}

async function squadreFinale(
  tx: DbTransaction,
  random: Random,
  e: EventoDemo,
  scuole: ScuolaInserita[],
  nomi: () => string,
): Promise<SquadraDemo[]> {
  const anno = annoEvento(e.inizio);
  const scelte = random.shuffle(scuole).slice(0, SQUADRE_FINALE);
  const ordini = random.shuffle(scelte.map((_, i) => i + 1));
  const rows = scelte.map((s, i) => {
    const { scuolaKey: _k, nord: _n, ...bozza } = squadraUfficiale(random, nomi(), s, i + 1, anno);
    return { ...bozza, ordineEta: ordini[i]!, eventoId: e.id, sessioneId: e.sessioni[0]!.id };
  });
  const inserted = await tx
    .insert(squadra)
    .values(rows)
    .returning({ id: squadra.id, sessioneId: squadra.sessioneId });
  return inserted.map((row, i) => ({ ...row, scuolaKey: scelte[i]!.key }));
}

async function squadreAllenamento(
  tx: DbTransaction,
  random: Random,
  e: EventoDemo,
  scuole: ScuolaInserita[],
  utenti: UtentiDemo,
  cittaId: Map<string, number>,
  nomi: () => string,
): Promise<number> {
  const poli = await tx
    .insert(polo)
    .values(
      POLI_ALLENAMENTO.map((citta) => ({
        eventoId: e.id,
        nomeBreve: `Polo di ${citta}`,
        descrizione: POLI[citta].descrizione,
        indirizzo: POLI[citta].indirizzo,
        cittaId: cittaId.get(citta),
        latitude: POLI[citta].lat,
        longitude: POLI[citta].lon,
        capacitaMassimaSquadre: 10,
      })),
    )
    .returning({ id: polo.id });
  // docente runs both venues: he may print their slips.
  await tx
    .insert(poloResponsabile)
    .values(poli.map((p) => ({ poloId: p.id, userId: utenti.docente.userId })));
  const docente = scuole.find((s) => s.key === SCUOLA_DOCENTE)!;
  const altre = random.shuffle(scuole.filter((s) => s.key !== SCUOLA_DOCENTE));
  const n = POLI_ALLENAMENTO.length * SQUADRE_PER_POLO;
  const scelte = [docente, docente, ...altre.slice(0, n - 2)];
  const inserted = await tx
    .insert(squadra)
    .values(
      scelte.map((s, i) => ({
        nome: nomi(),
        scuolaId: s.id,
        eventoId: e.id,
        sessioneId: e.sessioni[0]!.id,
        poloId: poli[i % poli.length]!.id,
        ordineEta: i + 1,
      })),
    )
    .returning({ id: squadra.id });
  await tx
    .insert(responsabileSquadra)
    .values(
      inserted.map((s) => ({ responsabileId: utenti.docente.responsabileId, squadraId: s.id })),
    );
  return inserted.length;
}

export async function insertStoria(
  tx: DbTransaction,
  now: Date,
  utenti: UtentiDemo,
  scuole: ScuolaInserita[],
  cittaId: Map<string, number>,
) {
  const random = createRandom(SEED_STORIA);
  const nomi = nomiSquadre(random);
  let next = 0;
  const nome = () => nomi[next++ % nomi.length]!;
  const eventi = await insertPiani(tx, piani(now, utenti));
  let squadre = 0;
  let risposte = 0;
  let jolly = 0;
  for (const e of [eventi.finalePrecedente, eventi.finaleDueAnniFa]) {
    const teams = await squadreFinale(tx, random, e, scuole, nome);
    const counts = await insertRisposte(tx, random, e, teams, utenti);
    squadre += teams.length;
    risposte += counts.risposte;
    jolly += counts.jolly;
  }
  squadre += await squadreAllenamento(
    tx,
    random,
    eventi.allenamentoPoli,
    scuole,
    utenti,
    cittaId,
    nome,
  );
  return { squadre, risposte, jolly };
}
