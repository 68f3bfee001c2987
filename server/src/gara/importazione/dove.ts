// A place of a document as a person reads it (issue 26): the record's kind,
// its position counted from 1, its name and key as the document gives them,
// and the field — 'Squadra 3 «Liceo Fermi A» (id_esterno T-17), campo
// sessione' for the machine's `squadre[2].sessione`. Read from the document
// as sent, so a record whose fields are wrong is still named.
import type { Sezione } from './lettura';

const TIPO: Record<Sezione, string> = {
  scuole: 'Scuola',
  responsabili: 'Responsabile',
  squadre: 'Squadra',
};

const ELENCO: Record<Sezione, string> = {
  scuole: 'Elenco delle scuole',
  responsabili: 'Elenco dei responsabili',
  squadre: 'Elenco delle squadre',
};

const LUOGO = /^(scuole|responsabili|squadre)(?:\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?)?$/;

/** A readable text of the document (names are bounded: a long one is cut). */
function testo(valore: unknown): string | null {
  if (typeof valore !== 'string' && typeof valore !== 'number') return null;
  const t = String(valore).trim();
  if (t === '') return null;
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

const campiDi = (record: unknown): Record<string, unknown> =>
  record !== null && typeof record === 'object' && !Array.isArray(record)
    ? (record as Record<string, unknown>)
    : {};

/** 'Squadra 3 «Fermi A» (id_esterno t-77)': the record at `sezione[indice]` of `documento`. */
export function recordDi(documento: unknown, sezione: Sezione, indice: number): string {
  const lista = campiDi(documento)[sezione];
  const r = campiDi(Array.isArray(lista) ? lista[indice] : null);
  const nome =
    sezione === 'responsabili'
      ? (testo([r.first_name, r.last_name].filter((x) => typeof x === 'string').join(' ')) ??
        testo(r.username))
      : testo(r.nome);
  const chiave =
    sezione === 'scuole'
      ? testo(r.codice_meccanografico) && `codice ${testo(r.codice_meccanografico)}`
      : testo(r.id_esterno) && `id_esterno ${testo(r.id_esterno)}`;
  return [`${TIPO[sezione]} ${indice + 1}`, nome && `«${nome}»`, chiave && `(${chiave})`]
    .filter(Boolean)
    .join(' ');
}

/** The place `luogo` (`squadre[2].responsabili[0]`) of `documento` as a person reads it. */
export function doveDi(documento: unknown, luogo: string): string {
  if (luogo === 'documento') return 'Il documento';
  const m = LUOGO.exec(luogo);
  if (!m) return `Campo ${luogo} del documento`;
  const sezione = m[1] as Sezione;
  if (m[2] === undefined) return ELENCO[sezione];
  const record = recordDi(documento, sezione, Number(m[2]));
  if (m[3] === undefined) return record;
  const voce = m[4] === undefined ? '' : ` (voce ${Number(m[4]) + 1})`;
  return `${record}, campo ${m[3]}${voce}`;
}

/** Sorts errors by where they are: the document's own fields, then schools, managers and teams, each in order. */
export function ordineDi(luogo: string): [number, number] {
  const m = LUOGO.exec(luogo);
  if (!m) return [0, 0];
  const sezione = ['scuole', 'responsabili', 'squadre'].indexOf(m[1]!) + 1;
  return [sezione, m[2] === undefined ? -1 : Number(m[2])];
}
