// The three demo events, placed relative to `now`: the upcoming national event
// (about one day ahead), a concluded official event (30 days ago) and a public
// training event of `docente` (enrolment open, starts in a week).
import { createHash } from 'node:crypto';
import { annoEvento } from '../../db/anno';
import type { DbTransaction } from '../../db/client';
import {
  evento,
  eventoAmministratore,
  eventoInseritore,
  fileProgrammato,
  messaggioImportante,
  problema,
  sessione,
  type NewEvento,
  type Problema,
} from '../../db/schema';
import { pdfDocumento } from './pdf';
import {
  PROBLEMI_ALLENAMENTO,
  PROBLEMI_APERTO,
  PROBLEMI_NAZIONALE,
  type ProblemaDemo,
} from './problemi';
import type { UtentiDemo } from './utenti';
import { linkEventoFiles } from './queries';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const floorHour = (t: number) => new Date(Math.floor(t / HOUR) * HOUR);
const ceilHour = (t: number) => new Date(Math.ceil(t / HOUR) * HOUR);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

export type SessioneDemo = { id: number; nome: string; nord: boolean | null };
export type EventoDemo = {
  id: number;
  inizio: Date;
  fine: Date;
  sessioni: SessioneDemo[];
  problemi: Problema[];
};
export type EventiDemo = { nazionale: EventoDemo; passato: EventoDemo; aperto: EventoDemo };

export type Piano = {
  evento: Omit<NewEvento, 'anno'>;
  sessioni: {
    nome: string;
    ufficiale: boolean;
    numeroQualificati: number | null;
    nord: boolean | null;
  }[];
  problemi: ProblemaDemo[];
  amministratori: number[];
  inseritori: number[];
  messaggi: { testo: string; data: Date }[];
  /** Publish the files (problems at the start, solutions at the end)? */
  files: boolean;
};

export function scadenze(inizio: Date, durataMinuti: number, inizioIscrizioni: Date) {
  return {
    inizio,
    fine: plus(inizio, durataMinuti * MINUTE),
    inizioIscrizioni,
    fineIscrizioni: plus(inizio, -5 * MINUTE),
    fineModificaSquadre: plus(inizio, -5 * MINUTE),
    fineConsegnaJolly: plus(inizio, 10 * MINUTE),
  };
}

function piani(now: Date, utenti: UtentiDemo): Record<keyof EventiDemo, Piano> {
  const t = now.getTime();
  const nazionale = scadenze(ceilHour(t + DAY), 120, floorHour(t - 30 * DAY));
  const passato = scadenze(floorHour(t - 30 * DAY), 120, floorHour(t - 60 * DAY));
  const aperto = scadenze(ceilHour(t + 7 * DAY), 90, floorHour(t - 2 * DAY));
  const ufficiali = (qualificati: number) => [
    { nome: 'Sessione Nord', ufficiale: true, numeroQualificati: qualificati, nord: true },
    { nome: 'Sessione Centro-Sud', ufficiale: true, numeroQualificati: qualificati, nord: false },
  ];
  const admin = utenti.admin.userId;
  return {
    nazionale: {
      evento: {
        titolo: `Gara nazionale a squadre ${annoEvento(nazionale.inizio)}`,
        descrizione: 'Gara nazionale a squadre di fisica: venti problemi in due ore.',
        tipologia: 'o',
        ufficiale: true,
        ...nazionale,
        paginaDedicata: '/regolamento/',
        creatoDa: admin,
      },
      sessioni: ufficiali(10),
      problemi: PROBLEMI_NAZIONALE,
      amministratori: [utenti.admin.responsabileId, utenti.amministratore.responsabileId],
      inseritori: [utenti.inseritore.responsabileId],
      messaggi: [
        {
          testo: 'Il testo dei problemi sarà disponibile all’inizio della gara.',
          data: plus(now, -2 * DAY),
        },
        {
          testo: 'Ricordate: il jolly va scelto entro i primi 10 minuti di gara.',
          data: plus(now, -HOUR),
        },
      ],
      files: true,
    },
    passato: {
      evento: {
        titolo: `Gara a squadre di qualificazione ${annoEvento(passato.inizio)}`,
        descrizione: 'Gara ufficiale di qualificazione alla finale nazionale.',
        tipologia: 'o',
        ufficiale: true,
        ...passato,
        creatoDa: admin,
      },
      sessioni: ufficiali(8),
      problemi: PROBLEMI_ALLENAMENTO,
      amministratori: [utenti.admin.responsabileId],
      inseritori: [],
      messaggi: [
        {
          testo: 'La gara è iniziata: buon lavoro a tutte le squadre!',
          data: plus(passato.inizio, MINUTE),
        },
        {
          testo: 'Errata corrige: nel problema P7 la spira ha raggio 5,0 cm.',
          data: plus(passato.inizio, 35 * MINUTE),
        },
        {
          testo: 'Mancano 20 minuti alla fine della gara.',
          data: plus(passato.inizio, 100 * MINUTE),
        },
      ],
      files: true,
    },
    aperto: {
      evento: {
        titolo: 'Allenamento aperto – Liceo Copernico',
        descrizione:
          'Allenamento pubblico in preparazione alla gara nazionale, aperto a tutte le scuole.',
        tipologia: 'pub',
        ufficiale: false,
        ...aperto,
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

function pdf(titolo: string, tipologia: 'problemi' | 'soluzioni', problemi: ProblemaDemo[]) {
  const righe = [
    `${titolo} - ${tipologia === 'problemi' ? 'testo dei problemi' : 'soluzioni'}`,
    ...problemi.map((p) =>
      tipologia === 'problemi'
        ? `${p.nome}. Testo del problema ${p.nome} (documento dimostrativo).`
        : `${p.nome}: ${p.soluzione}e${p.soluzioneExp} ${p.udmSoluzione}`,
    ),
  ];
  const contenuto = pdfDocumento(righe);
  return {
    nomeFile: `${tipologia}.pdf`,
    contentType: 'application/pdf',
    dimensione: contenuto.byteLength,
    sha256: createHash('sha256').update(contenuto).digest('hex'),
    contenuto,
  };
}

export async function insertEventi(tx: DbTransaction, now: Date, utenti: UtentiDemo) {
  return insertPiani(tx, piani(now, utenti));
}

/** Inserts planned events with sessions, problems, staff, messages and files. */
export async function insertPiani<K extends string>(
  tx: DbTransaction,
  plans: Record<K, Piano>,
): Promise<Record<K, EventoDemo>> {
  const keys = Object.keys(plans) as K[];
  const inserted = await tx
    .insert(evento)
    .values(
      keys.map((key) => ({ ...plans[key].evento, anno: annoEvento(plans[key].evento.inizio) })),
    )
    .returning({ id: evento.id, inizio: evento.inizio, fine: evento.fine });

  const sessionRows = keys.flatMap((key, i) =>
    plans[key].sessioni.map(({ nord, ...s }, ordine) => ({
      ...s,
      ordine: ordine + 1,
      eventoId: inserted[i]!.id,
      nord,
      key,
    })),
  );
  const sessioni = await tx
    .insert(sessione)
    .values(sessionRows.map(({ nord: _nord, key: _key, ...row }) => row))
    .returning({ id: sessione.id });
  const problemi = await tx
    .insert(problema)
    .values(
      keys.flatMap((key, i) =>
        plans[key].problemi.map((p) => ({ ...p, eventoId: inserted[i]!.id })),
      ),
    )
    .returning();

  const staff = (pick: (plan: Piano) => number[]) =>
    keys.flatMap((key, i) =>
      pick(plans[key]).map((responsabileId) => ({ eventoId: inserted[i]!.id, responsabileId })),
    );
  const amministratori = staff((plan) => plan.amministratori);
  const inseritori = staff((plan) => plan.inseritori);
  const messaggi = keys.flatMap((key, i) =>
    plans[key].messaggi.map((m) => ({ ...m, eventoId: inserted[i]!.id })),
  );
  if (amministratori.length > 0) await tx.insert(eventoAmministratore).values(amministratori);
  if (inseritori.length > 0) await tx.insert(eventoInseritore).values(inseritori);
  if (messaggi.length > 0) await tx.insert(messaggioImportante).values(messaggi);

  const result = {} as Record<K, EventoDemo>;
  keys.forEach((key, i) => {
    const { id, inizio, fine } = inserted[i]!;
    result[key] = {
      id,
      inizio,
      fine,
      sessioni: sessionRows.flatMap((row, j) =>
        row.key === key ? [{ id: sessioni[j]!.id, nome: row.nome, nord: row.nord }] : [],
      ),
      problemi: problemi.filter((p) => p.eventoId === id).sort((a, b) => a.ordine - b.ordine),
    };
  });

  for (const [i, key] of keys.entries()) {
    const plan = plans[key];
    if (!plan.files) continue;
    const { id, inizio, fine } = inserted[i]!;
    const files = await tx
      .insert(fileProgrammato)
      .values([
        {
          eventoId: id,
          tipologia: 'problemi',
          data: inizio,
          // Published at `data` (the event start / end), as organisers normally do.
          pubblico: true,
          ...pdf(plan.evento.titolo, 'problemi', plan.problemi),
        },
        {
          eventoId: id,
          tipologia: 'soluzioni',
          data: fine,
          pubblico: true,
          ...pdf(plan.evento.titolo, 'soluzioni', plan.problemi),
        },
      ])
      .returning({ id: fileProgrammato.id });
    await linkEventoFiles(tx, id, { problemi: files[0]!.id, soluzioni: files[1]!.id });
  }
  return result;
}
