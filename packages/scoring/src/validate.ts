// Thorough check of the CLI input shape, with messages that name the field.
import { PARAM_NAMES, SCALING_PARAMS } from './params';
import { parseInstant } from './time';
import type { ScoringInput } from './types';
import { eventProblems } from './validate-event';

export type Validation = { ok: true; value: ScoringInput } | { ok: false; errors: string[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function checkDate(errors: string[], where: string, v: unknown, required: boolean): void {
  if (v === undefined) {
    if (required) errors.push(`${where}: missing (an ISO 8601 date-time)`);
  } else if (typeof v !== 'string' || parseInstant(v) === null) {
    errors.push(`${where}: not an ISO 8601 date-time with a time zone: ${JSON.stringify(v)}`);
  }
}

function checkParams(errors: string[], v: unknown): void {
  if (v === undefined) return;
  if (!isObj(v)) {
    errors.push('params: must be an object');
    return;
  }
  for (const [name, value] of Object.entries(v)) {
    const where = `params.${name}`;
    if (!(PARAM_NAMES as string[]).includes(name)) {
      errors.push(`${where}: unknown parameter (known: ${PARAM_NAMES.join(', ')})`);
    } else if (SCALING_PARAMS.includes(name as (typeof PARAM_NAMES)[number])) {
      if (!isNum(value) || value <= 0) errors.push(`${where}: must be a number > 0`);
    } else if (!isInt(value) || value < 0) {
      errors.push(`${where}: must be an integer >= 0`);
    }
  }
}

function checkList(
  errors: string[],
  name: string,
  v: unknown,
  item: (where: string, x: Obj) => void,
): void {
  if (v === undefined) {
    errors.push(`${name}: missing (an array)`);
    return;
  }
  if (!Array.isArray(v)) {
    errors.push(`${name}: must be an array`);
    return;
  }
  const ids = new Set<unknown>();
  v.forEach((x: unknown, i) => {
    const where = `${name}[${i}]`;
    if (!isObj(x)) {
      errors.push(`${where}: must be an object`);
      return;
    }
    item(where, x);
    if (name !== 'eventi' && isInt(x.id)) {
      if (ids.has(x.id)) errors.push(`${where}.id: duplicate id ${x.id}`);
      ids.add(x.id);
    }
  });
}

function checkProblem(errors: string[], where: string, p: Obj): void {
  if (!isInt(p.id)) errors.push(`${where}.id: must be an integer`);
  if (typeof p.nome !== 'string') errors.push(`${where}.nome: must be a string`);
}

function checkTeam(errors: string[], where: string, t: Obj): void {
  if (!isInt(t.id)) errors.push(`${where}.id: must be an integer`);
  if (typeof t.nome !== 'string') errors.push(`${where}.nome: must be a string`);
  if (t.ospite !== undefined && typeof t.ospite !== 'boolean') {
    errors.push(`${where}.ospite: must be true or false`);
  }
  if (t.ordine_eta !== undefined && !isNum(t.ordine_eta)) {
    errors.push(`${where}.ordine_eta: must be a number`);
  }
  if (t.penalita !== undefined && !isNum(t.penalita)) {
    errors.push(`${where}.penalita: must be a number`);
  }
  if (t.scuola !== undefined && t.scuola !== null && !isInt(t.scuola)) {
    errors.push(`${where}.scuola: must be an integer or null`);
  }
}

/** Checks a CLI input; on success the value is typed as ScoringInput. */
export function validateInput(value: unknown): Validation {
  const errors: string[] = [];
  if (!isObj(value)) return { ok: false, errors: ['the input must be a JSON object'] };
  checkParams(errors, value.params);
  checkDate(errors, 'inizio', value.inizio, true);
  checkDate(errors, 'at', value.at, false);
  checkList(errors, 'problemi', value.problemi, (w, p) => checkProblem(errors, w, p));
  checkList(errors, 'squadre', value.squadre, (w, t) => checkTeam(errors, w, t));
  checkList(errors, 'eventi', value.eventi, (w, e) => {
    for (const msg of eventProblems(e)) errors.push(`${w}.${msg}`);
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: value as unknown as ScoringInput };
}
