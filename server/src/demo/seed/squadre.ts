// Venues and teams of the demo events.
import { annoEvento } from '../../db/anno';
import type { DbTransaction } from '../../db/client';
import {
  polo,
  poloResponsabile,
  responsabileSquadra,
  squadra,
  type NewSquadra,
} from '../../db/schema';
import type { EventiDemo, EventoDemo } from './eventi';
import { distanceKm } from './luoghi';
import { nomiSquadre, persona } from './nomi';
import type { Random } from './random';
import { SCUOLA_DOCENTE, SCUOLE_PRINCIPALE, type ScuolaInserita } from './scuole';
import { CITTA_POLI, type UtentiDemo } from './utenti';

export const POLI: Record<
  (typeof CITTA_POLI)[number],
  { descrizione: string; indirizzo: string; lat: number; lon: number }
> = {
  Pisa: {
    descrizione: 'Dipartimento di Fisica "Enrico Fermi", Università di Pisa',
    indirizzo: 'Largo Bruno Pontecorvo, 3',
    lat: 43.7196,
    lon: 10.4072,
  },
  Milano: {
    descrizione: 'Dipartimento di Fisica "Aldo Pontremoli", Università degli Studi di Milano',
    indirizzo: 'Via Giovanni Celoria, 16',
    lat: 45.476,
    lon: 9.2318,
  },
  Bologna: {
    descrizione: 'Dipartimento di Fisica e Astronomia "Augusto Righi", Università di Bologna',
    indirizzo: 'Viale Carlo Berti Pichat, 6/2',
    lat: 44.4997,
    lon: 11.3547,
  },
  Roma: {
    descrizione: 'Dipartimento di Fisica, Sapienza Università di Roma',
    indirizzo: 'Piazzale Aldo Moro, 2',
    lat: 41.9013,
    lon: 12.5143,
  },
  Napoli: {
    descrizione: 'Dipartimento di Fisica "Ettore Pancini", Università Federico II',
    indirizzo: 'Via Cintia, Complesso di Monte Sant’Angelo',
    lat: 40.839,
    lon: 14.185,
  },
  Palermo: {
    descrizione: 'Dipartimento di Fisica e Chimica "Emilio Segrè", Università di Palermo',
    indirizzo: 'Via Archirafi, 36',
    lat: 38.109,
    lon: 13.373,
  },
};
/** Teams farther than this from every venue compete from their school. */
const MAX_KM_POLO = 250;
const GUEST_SCHOOL = 'cpi-lugano';

export type SquadraDemo = { id: number; sessioneId: number; scuolaKey: string | null };
export type SquadreDemo = Record<keyof EventiDemo, SquadraDemo[]>;

export type Bozza = Omit<NewSquadra, 'sessioneId' | 'eventoId'> & {
  scuolaKey: string | null;
  nord: boolean | null;
};

/** How many teams each school sends to an official event. */
function iscrizioni(random: Random, scuole: ScuolaInserita[], quota: number, doppie: number) {
  const own = new Set<string>(SCUOLE_PRINCIPALE);
  const chosen = scuole.filter(
    (s) => own.has(s.key) || s.key === GUEST_SCHOOL || random.chance(quota),
  );
  const counts = new Map(chosen.map((s) => [s.key, 1]));
  counts.set('dini', 2);
  for (const s of random.shuffle(chosen).slice(0, doppie)) {
    if (s.key !== GUEST_SCHOOL) counts.set(s.key, 2);
  }
  return chosen.flatMap((s) => Array.from({ length: counts.get(s.key)! }, () => s));
}

export function squadraUfficiale(
  random: Random,
  nome: string,
  s: ScuolaInserita,
  n: number,
  anno: number,
): Bozza {
  const membri = random.chance(0.85) ? 5 : 4;
  const annoScolastico = () => random.int(3, 5);
  return {
    nome,
    scuolaId: s.id,
    scuolaKey: s.key,
    nord: s.lat >= 44,
    ufficiale: true,
    ospite: s.key === GUEST_SCHOOL,
    idEsterno: `GAS${anno}-${String(n).padStart(4, '0')}`,
    capitano: persona(random),
    consegnatore: persona(random),
    p1: persona(random),
    p2: persona(random),
    p3: membri === 5 ? persona(random) : null,
    annoCapitano: annoScolastico(),
    annoConsegnatore: annoScolastico(),
    annoP1: annoScolastico(),
    annoP2: annoScolastico(),
    annoP3: membri === 5 ? annoScolastico() : null,
  };
}

export async function insertSquadre(
  tx: DbTransaction,
  random: Random,
  eventi: EventiDemo,
  scuole: ScuolaInserita[],
  utenti: UtentiDemo,
  cittaId: Map<string, number>,
): Promise<SquadreDemo> {
  const nomi = nomiSquadre(random);
  let nomeIndex = 0;
  const prossimoNome = () => nomi[nomeIndex++]!;
  const anno = (e: EventoDemo) => annoEvento(e.inizio);

  const bozze: Record<keyof EventiDemo, Bozza[]> = {
    nazionale: iscrizioni(random, scuole, 1, 12).map((s, n) =>
      squadraUfficiale(random, prossimoNome(), s, n + 1, anno(eventi.nazionale)),
    ),
    passato: iscrizioni(random, scuole, 0.7, 6).map((s, n) =>
      squadraUfficiale(random, prossimoNome(), s, n + 1, anno(eventi.passato)),
    ),
    aperto: Array.from({ length: 4 }, (_, n) => ({
      nome: `Copernico ${String.fromCharCode(65 + n)}`,
      scuolaId: scuole.find((s) => s.key === SCUOLA_DOCENTE)!.id,
      scuolaKey: SCUOLA_DOCENTE,
      nord: null,
    })),
  };
  // One penalised team in the concluded event, to show the penalty column.
  bozze.passato[3]!.penalita = 10;

  // Venues of the national event: each team goes to the nearest one, if close
  // enough; capacity is the enrolled teams plus some room, in steps of five.
  const vicino = bozze.nazionale.map((bozza) => {
    const s = scuole.find((x) => x.key === bozza.scuolaKey)!;
    const [nearest] = CITTA_POLI.map((citta, i) => ({ i, km: distanceKm(s, POLI[citta]) })).sort(
      (a, b) => a.km - b.km,
    );
    return nearest && nearest.km <= MAX_KM_POLO ? nearest.i : null;
  });
  const poli = await tx
    .insert(polo)
    .values(
      CITTA_POLI.map((citta, i) => ({
        eventoId: eventi.nazionale.id,
        nomeBreve: `Polo di ${citta}`,
        descrizione: POLI[citta].descrizione,
        indirizzo: POLI[citta].indirizzo,
        cittaId: cittaId.get(citta),
        latitude: POLI[citta].lat,
        longitude: POLI[citta].lon,
        capacitaMassimaSquadre: Math.ceil((vicino.filter((v) => v === i).length + 3) / 5) * 5,
      })),
    )
    .returning({ id: polo.id });
  bozze.nazionale.forEach((bozza, j) => {
    const i = vicino[j];
    if (i !== null && i !== undefined) bozza.poloId = poli[i]!.id;
  });
  await tx
    .insert(poloResponsabile)
    .values([
      ...CITTA_POLI.map((citta, i) => ({ poloId: poli[i]!.id, userId: utenti.referenti[citta]! })),
      { poloId: poli[0]!.id, userId: utenti.principale.userId },
    ]);

  const result = {} as SquadreDemo;
  for (const key of Object.keys(bozze) as (keyof EventiDemo)[]) {
    const e = eventi[key];
    const sessioneDi = (b: Bozza) => e.sessioni.find((s) => s.nord === b.nord) ?? e.sessioni[0]!;
    const ordini = random.shuffle(bozze[key].map((_, i) => i + 1));
    const rows = bozze[key].map(({ scuolaKey: _k, nord: _n, ...b }, i) => ({
      ...b,
      ordineEta: ordini[i]!,
      eventoId: e.id,
      sessioneId: sessioneDi(bozze[key][i]!).id,
    }));
    const inserted = await tx
      .insert(squadra)
      .values(rows)
      .returning({ id: squadra.id, sessioneId: squadra.sessioneId });
    result[key] = inserted.map((row, i) => ({ ...row, scuolaKey: bozze[key][i]!.scuolaKey }));
  }

  // secondario: two teams of principale's schools in the national event.
  const assegnate = SCUOLE_PRINCIPALE.slice(0, 2).map(
    (key) => result.nazionale.find((s) => s.scuolaKey === key)!.id,
  );
  await tx.insert(responsabileSquadra).values([
    ...assegnate.map((squadraId) => ({
      responsabileId: utenti.secondario.responsabileId,
      squadraId,
    })),
    ...result.aperto.map((s) => ({
      responsabileId: utenti.docente.responsabileId,
      squadraId: s.id,
    })),
  ]);
  return result;
}
