// Pure translation of an event payload (create or patch) into column values
// and into plans for the nested problem and session lists. No I/O: the use
// case (eventi.ts) feeds it rows and applies the result in one transaction.
import {
  dateNuovoEvento,
  erroriDateEvento,
  type DateEvento,
  type EventoPatchRequest,
  type ProblemaInput,
  type SessioneInput,
} from '@gas/contracts';
import { annoEvento } from '../../db/anno';
import type { Evento, NewEvento } from '../../db/schema';
import type { ValoriProblema } from '../problemi/problemi';
import type { ValoriSessione } from '../sessioni/sessioni';
import type { FieldErrors } from '../../errors';

const DATE_KEYS = [
  'inizio',
  'fine',
  'inizio_iscrizioni',
  'fine_iscrizioni',
  'fine_modifica_squadre',
  'fine_consegna_jolly',
] as const;

const toDate = (s: string | null | undefined) =>
  s === undefined ? undefined : s === null ? null : new Date(s);

/** Dates given in the payload, as Dates (undefined = not given). */
function givenDates(body: EventoPatchRequest): Partial<DateEvento> {
  const out: Partial<Record<keyof DateEvento, Date | null>> = {};
  for (const key of DATE_KEYS) {
    const value = toDate(body[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as Partial<DateEvento>;
}

/** Scalar columns of the payload (everything except dates and nested lists). */
function scalarValues(body: EventoPatchRequest): Partial<NewEvento> {
  const v: Partial<NewEvento> = {};
  if (body.titolo !== undefined) v.titolo = body.titolo;
  if (body.descrizione !== undefined) v.descrizione = body.descrizione;
  if (body.tipologia !== undefined) {
    v.tipologia = body.tipologia;
    v.ufficiale = body.tipologia === 'o';
  }
  if (body.youtube_link !== undefined) v.youtubeLink = body.youtube_link;
  if (body.pagina_dedicata !== undefined) v.paginaDedicata = body.pagina_dedicata;
  if (body.doppia_digitazione !== undefined) v.doppiaDigitazione = body.doppia_digitazione;
  if (body.PTI_TOLTI_ERRORE !== undefined) v.ptiToltiErrore = body.PTI_TOLTI_ERRORE;
  if (body.PTI_BASE_MONTEPREMI !== undefined) v.ptiBaseMontepremi = body.PTI_BASE_MONTEPREMI;
  if (body.MAX_ERRORI_RAISE_MONTEPREMI !== undefined)
    v.maxErroriRaiseMontepremi = body.MAX_ERRORI_RAISE_MONTEPREMI;
  if (body.ERRORE_PUNTEGGI_RAISE !== undefined) v.errorePunteggiRaise = body.ERRORE_PUNTEGGI_RAISE;
  if (body.PUNTEGGIO_BASE_PROBLEMI !== undefined)
    v.punteggioBaseProblemi = body.PUNTEGGIO_BASE_PROBLEMI;
  if (body.BONUS_VELOCITA !== undefined) v.bonusVelocita = body.BONUS_VELOCITA;
  if (body.SCALING_BONUS_VELOCITA !== undefined)
    v.scalingBonusVelocita = body.SCALING_BONUS_VELOCITA;
  if (body.SCALING_BONUS_MONTEPREMI !== undefined)
    v.scalingBonusMontepremi = body.SCALING_BONUS_MONTEPREMI;
  return v;
}

function dateColumns(d: Partial<DateEvento>): Partial<NewEvento> {
  const v: Partial<NewEvento> = {};
  if (d.inizio !== undefined) {
    v.inizio = d.inizio;
    v.anno = annoEvento(d.inizio);
  }
  if (d.fine !== undefined) v.fine = d.fine;
  if (d.inizio_iscrizioni !== undefined) v.inizioIscrizioni = d.inizio_iscrizioni;
  if (d.fine_iscrizioni !== undefined) v.fineIscrizioni = d.fine_iscrizioni;
  if (d.fine_modifica_squadre !== undefined) v.fineModificaSquadre = d.fine_modifica_squadre;
  if (d.fine_consegna_jolly !== undefined) v.fineConsegnaJolly = d.fine_consegna_jolly;
  return v;
}

/** Column values of a new event: spec §9 defaults for whatever is not given. */
export function valoriNuovoEvento(
  body: EventoPatchRequest & { titolo: string },
  now: Date,
  creatoDa: number,
): { values: NewEvento; errors: FieldErrors } {
  const dates = dateNuovoEvento(now, givenDates(body));
  const values = {
    tipologia: 'priv',
    ufficiale: false,
    ...scalarValues(body),
    ...dateColumns(dates),
    titolo: body.titolo,
    creatoDa,
  } as NewEvento;
  return { values, errors: erroriDateEvento(dates) };
}

/**
 * Column values of a patch. The date rules are checked on the merged dates,
 * but only when the patch touches a date: an old event with odd dates can
 * still have its title corrected.
 */
export function valoriModificaEvento(
  row: Evento,
  body: EventoPatchRequest,
): { values: Partial<NewEvento>; errors: FieldErrors } {
  const given = givenDates(body);
  const values = { ...scalarValues(body), ...dateColumns(given) };
  if (Object.keys(given).length === 0) return { values, errors: {} };
  const pick = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  const merged: DateEvento = {
    inizio: pick(given.inizio, row.inizio),
    fine: pick(given.fine, row.fine),
    inizio_iscrizioni: pick(given.inizio_iscrizioni, row.inizioIscrizioni),
    fine_iscrizioni: pick(given.fine_iscrizioni, row.fineIscrizioni),
    fine_modifica_squadre: pick(given.fine_modifica_squadre, row.fineModificaSquadre),
    fine_consegna_jolly: pick(given.fine_consegna_jolly, row.fineConsegnaJolly),
  };
  return { values, errors: erroriDateEvento(merged) };
}

/**
 * What a nested list edit does: records to update, to insert and to delete,
 * each by the fields of its use case (gara/problemi/, gara/sessioni/).
 */
export type Piano<Valori> = {
  updates: { id: number; values: Valori }[];
  inserts: Valori[];
  deletes: number[];
  errors: string[];
};

// Ids that are not rows of this event (another event's, or made up) and
// repeated ids are refused: the list must describe this event only.
function checkIds(items: { id?: number }[], existing: Set<number>, label: string): string[] {
  const errors: string[] = [];
  const seen = new Set<number>();
  for (const item of items) {
    if (item.id === undefined) continue;
    if (!existing.has(item.id)) errors.push(`${label} ${item.id} non appartiene a questo evento.`);
    else if (seen.has(item.id)) errors.push(`${label} ${item.id} compare più volte.`);
    seen.add(item.id);
  }
  return errors;
}

/**
 * The problem editor: the list order is the new `ordine` (1..n) and names are
 * renumbered P1..Pn; items without id are new problems with the defaults of
 * spec §9 (empty unit, solution 0, exponent 0, tolerance 0.005); existing
 * problems missing from the list are deleted.
 */
export function pianoProblemi(
  existingIds: number[],
  input: ProblemaInput[],
): Piano<ValoriProblema> {
  const existing = new Set(existingIds);
  const errors = checkIds(input, existing, 'Il problema');
  const plan: Piano<ValoriProblema> = { updates: [], inserts: [], deletes: [], errors };
  input.forEach((item, i) => {
    const values = {
      ordine: i + 1,
      nome: `P${i + 1}`,
      ...(item.soluzione !== undefined && { soluzione: item.soluzione }),
      ...(item.soluzione_exp !== undefined && { soluzione_exp: item.soluzione_exp }),
      ...(item.intervallo_validita !== undefined && {
        intervallo_validita: item.intervallo_validita,
      }),
      ...(item.udm_soluzione !== undefined && { udm_soluzione: item.udm_soluzione }),
    };
    if (item.id === undefined) {
      plan.inserts.push({
        soluzione: 0,
        soluzione_exp: 0,
        intervallo_validita: 0.005,
        udm_soluzione: '',
        ...values,
      });
    } else plan.updates.push({ id: item.id, values });
  });
  const kept = new Set(input.map((p) => p.id));
  plan.deletes = existingIds.filter((id) => !kept.has(id));
  return plan;
}

/** Sessions: add, rename, set numero_qualificati, reorder; missing ones are deleted. */
export function pianoSessioni(
  existingIds: number[],
  input: SessioneInput[],
  ufficiale: boolean,
): Piano<ValoriSessione> {
  const existing = new Set(existingIds);
  const errors = checkIds(input, existing, 'La sessione');
  const plan: Piano<ValoriSessione> = { updates: [], inserts: [], deletes: [], errors };
  input.forEach((item, i) => {
    const values = {
      ordine: i + 1,
      ...(item.nome !== undefined && { nome: item.nome }),
      ...(item.numero_qualificati !== undefined && {
        numero_qualificati: item.numero_qualificati,
      }),
    };
    if (item.id === undefined) {
      const nome = item.nome ?? (input.length === 1 ? 'Sessione unica' : `Sessione ${i + 1}`);
      plan.inserts.push({ ufficiale, numero_qualificati: null, ...values, nome });
    } else plan.updates.push({ id: item.id, values });
  });
  const kept = new Set(input.map((s) => s.id));
  plan.deletes = existingIds.filter((id) => !kept.has(id));
  return plan;
}
