// A ranking as the files print it: the rows of the scores page's snapshot
// (scores/build.ts, computed by @gas/scoring from the stored answers) with
// each team's school, city and venue. For one venue the rows are its teams
// only, ranked among themselves by the same rule (@gas/scoring's
// assignPositions: ties share a position, guests have none).
import type { ClassificaEntry, PunteggiJson } from '@gas/contracts';
import { assignPositions } from '@gas/scoring';
import type { SquadraAnagrafica } from './queries';

export type RigaClassifica = {
  /** null for guests, as on the scores page. */
  posizione: number | null;
  id: number;
  nome: string;
  scuola: string;
  citta: string;
  polo: string;
  ospite: boolean;
  totale: number;
  /** Points per problem, in problem order (penalties are in the total only). */
  punti: readonly number[];
  /** Index in `punti` of the joker problem, or null. */
  jolly: number | null;
};

export type Classifica = {
  evento: string;
  sessione: string;
  sessioneId: number;
  inizio: Date;
  fine: Date;
  /** The moment the ranking was computed for. */
  ora: Date;
  /** 'Classifica finale' once the contest is over, 'provvisoria' before. */
  finale: boolean;
  /** The venue's name when the ranking is one venue's. */
  polo: string | null;
  problemi: readonly { id: number; nome: string }[];
  righe: RigaClassifica[];
};

/** The rows of a snapshot's ranking, all of them or one venue's re-ranked within it. */
export function righeClassifica(
  punteggi: PunteggiJson,
  anagrafica: ReadonlyMap<number, SquadraAnagrafica>,
  poloId: number | null = null,
): RigaClassifica[] {
  let entries: ClassificaEntry[] = punteggi.classifica;
  if (poloId !== null) {
    // Copies: the snapshot's rows keep the session's positions.
    entries = entries.filter((e) => e.polo === poloId).map((e) => ({ ...e }));
    assignPositions(entries);
  }
  const problemi = punteggi.problemi.map((p) => p.id);
  return entries.map((e) => {
    const a = anagrafica.get(e.id);
    const jolly = e.jolly === null ? -1 : problemi.indexOf(e.jolly);
    return {
      posizione: e.posizione,
      id: e.id,
      nome: e.nome,
      scuola: a?.scuola ?? '',
      citta: a?.citta ?? '',
      polo: a?.polo ?? '',
      ospite: e.ospite,
      totale: e.totale,
      punti: e.punti_parziali,
      jolly: jolly < 0 ? null : jolly,
    };
  });
}

/** The header of every format, in column order; then one column per problem. */
export const INTESTAZIONE = [
  'Posizione',
  'Squadra',
  'Scuola',
  'Città',
  'Polo',
  'Ospite',
  'Totale',
] as const;

/** The title of a ranking: final after the end, provisional before. */
export function titoloClassifica(c: Pick<Classifica, 'finale'>): string {
  return c.finale ? 'Classifica finale' : 'Classifica provvisoria';
}

const ROMA = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const GIORNO_ROMA = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '15 aprile 2026 alle ore 10:00', in Rome time whatever the server's zone. */
export function dataOraRoma(d: Date): string {
  const parts = Object.fromEntries(ROMA.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year} alle ore ${parts.hour}:${parts.minute}`;
}

/** '15 aprile 2026', the calendar day in Rome. */
export function giornoRoma(d: Date): string {
  return GIORNO_ROMA.format(d);
}

/** A file name from the event and session names: ASCII letters, digits and dashes. */
export function nomeFile(...parti: string[]): string {
  const slug = parti
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'classifica';
}
