import { describe, expect, it } from 'vitest';
import { canRegisterTeam, canSetJokerNow, canSubmitAnswerNow } from './squadra';
import {
  ACTORS,
  DATE,
  MOMENTI,
  MOMENTO_KEYS,
  N,
  ROLES,
  TIPOLOGIE,
  Y,
  evento,
  ms,
  squadra,
  type Role,
} from './testing';
import type { Tipologia } from './types';
import {
  answerWindowOpen,
  canRecordJokerAt,
  jokerWindowOpen,
  registrationWindowOpen,
  squadraEditWindowOpen,
} from './windows';

// Seven columns, one per moment: m1 before enrolment, m2 enrolment open,
// m3 only team edits open, m4 before the start, m5 running with the joker
// open, m6 running after the joker deadline, m7 after the end.
type Row = readonly [boolean, boolean, boolean, boolean, boolean, boolean, boolean];

function cells(table: Record<Role, Row>) {
  return ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      MOMENTO_KEYS.map((at, i) => ({ role, tip, at, expected: table[role][i] })),
    ),
  );
}

const SEMPRE: Row = [Y, Y, Y, Y, Y, Y, Y];
/** Event staff: from the start on, never before (nothing counts before the start). */
const DALL_INIZIO: Row = [N, N, N, N, Y, Y, Y];
const MAI: Row = [N, N, N, N, N, N, N];

describe('pure windows', () => {
  const table: Record<string, Row> = {
    registrationWindowOpen: [N, Y, N, N, N, N, N],
    squadraEditWindowOpen: [Y, Y, Y, N, N, N, N],
    jokerWindowOpen: [N, N, N, N, Y, N, N],
  };
  const fns = { registrationWindowOpen, squadraEditWindowOpen, jokerWindowOpen };
  const rows = Object.entries(fns).flatMap(([name, fn]) =>
    MOMENTO_KEYS.map((at, i) => ({ name, fn, at, expected: table[name]![i] })),
  );
  it.each(rows)('$name · $at → $expected', ({ fn, at, expected }) => {
    expect(fn(evento('pub'), MOMENTI[at])).toBe(expected);
  });

  it('every bound is inclusive', () => {
    const e = evento('pub');
    const before = (d: Date) => ms(d, -1);
    const after = (d: Date) => ms(d, 1);
    expect(registrationWindowOpen(e, before(DATE.inizioIscrizioni))).toBe(N);
    expect(registrationWindowOpen(e, DATE.inizioIscrizioni)).toBe(Y);
    expect(registrationWindowOpen(e, DATE.fineIscrizioni)).toBe(Y);
    expect(registrationWindowOpen(e, after(DATE.fineIscrizioni))).toBe(N);
    expect(squadraEditWindowOpen(e, DATE.fineModificaSquadre)).toBe(Y);
    expect(squadraEditWindowOpen(e, after(DATE.fineModificaSquadre))).toBe(N);
    expect(jokerWindowOpen(e, before(DATE.inizio))).toBe(N);
    expect(jokerWindowOpen(e, DATE.inizio)).toBe(Y);
    expect(jokerWindowOpen(e, DATE.fineConsegnaJolly)).toBe(Y);
    expect(jokerWindowOpen(e, after(DATE.fineConsegnaJolly))).toBe(N);
    const teacher = ACTORS.docente;
    expect(answerWindowOpen(teacher, e, before(DATE.inizio))).toBe(N);
    expect(answerWindowOpen(teacher, e, DATE.inizio)).toBe(Y);
    expect(answerWindowOpen(teacher, e, DATE.fine)).toBe(Y);
    expect(answerWindowOpen(teacher, e, after(DATE.fine))).toBe(N);
  });
});

describe('answerWindowOpen (time only; rights are checked apart)', () => {
  const ORARIO: Row = [N, N, N, N, Y, Y, N];
  const table: Record<Role, Row> = {
    anonimo: ORARIO,
    utente: ORARIO,
    inattivo: ORARIO, // listed as staff, but inactive: no bypass
    docente: ORARIO,
    sp: ORARIO,
    ss: ORARIO,
    inseritore: DALL_INIZIO,
    amministratore: DALL_INIZIO,
    staff: ORARIO,
    superuser: DALL_INIZIO,
  };
  it.each(cells(table))('$role · $tip · $at → $expected', ({ role, tip, at, expected }) => {
    expect(answerWindowOpen(ACTORS[role], evento(tip), MOMENTI[at])).toBe(expected);
  });
});

describe('canRecordJokerAt (time only)', () => {
  const SCADENZA: Row = [N, N, N, N, Y, N, N];
  const table: Record<Role, Row> = {
    anonimo: SCADENZA,
    utente: SCADENZA,
    inattivo: SCADENZA,
    docente: SCADENZA,
    sp: SCADENZA,
    ss: SCADENZA,
    inseritore: DALL_INIZIO,
    amministratore: DALL_INIZIO,
    staff: SCADENZA,
    superuser: DALL_INIZIO,
  };
  it.each(cells(table))('$role · $tip · $at → $expected', ({ role, tip, at, expected }) => {
    expect(canRecordJokerAt(ACTORS[role], evento(tip), MOMENTI[at])).toBe(expected);
  });
});

describe('canRegisterTeam', () => {
  const APERTE: Row = [N, Y, N, N, N, N, N];
  const table: Record<Role, Record<Tipologia, Row>> = {
    anonimo: { o: MAI, pub: MAI, priv: MAI },
    utente: { o: MAI, pub: MAI, priv: MAI },
    inattivo: { o: MAI, pub: MAI, priv: MAI },
    docente: { o: MAI, pub: APERTE, priv: MAI },
    sp: { o: MAI, pub: APERTE, priv: MAI },
    ss: { o: MAI, pub: MAI, priv: MAI }, // "cannot enrol teams"
    inseritore: { o: MAI, pub: APERTE, priv: APERTE },
    amministratore: { o: MAI, pub: SEMPRE, priv: SEMPRE },
    staff: { o: MAI, pub: MAI, priv: MAI },
    superuser: { o: MAI, pub: SEMPRE, priv: SEMPRE }, // official teams come from outside
  };
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      MOMENTO_KEYS.map((at, i) => ({ role, tip, at, expected: table[role][tip][i] })),
    ),
  );
  it.each(rows)('$role · $tip · $at → $expected', ({ role, tip, at, expected }) => {
    expect(canRegisterTeam(ACTORS[role], evento(tip), MOMENTI[at])).toBe(expected);
  });

  it('a secondary manager who is an event administrator enrols as staff', () => {
    const ss = ACTORS.ss;
    const e = evento('priv', { amministratoreIds: [ss.responsabile!.id] });
    expect(canRegisterTeam(ss, e, MOMENTI.m4_primaInizio)).toBe(Y);
  });
});

describe('canSubmitAnswerNow', () => {
  // Own team ('mia') of each event, at each moment.
  const ORARIO: Row = [N, N, N, N, Y, Y, N];
  const table: Record<Role, Record<Tipologia, Row>> = {
    anonimo: { o: MAI, pub: MAI, priv: MAI },
    utente: { o: MAI, pub: MAI, priv: MAI },
    inattivo: { o: MAI, pub: MAI, priv: MAI },
    docente: { o: MAI, pub: ORARIO, priv: MAI },
    sp: { o: ORARIO, pub: ORARIO, priv: MAI },
    ss: { o: ORARIO, pub: ORARIO, priv: MAI },
    inseritore: { o: DALL_INIZIO, pub: DALL_INIZIO, priv: DALL_INIZIO },
    amministratore: { o: DALL_INIZIO, pub: DALL_INIZIO, priv: DALL_INIZIO },
    staff: { o: MAI, pub: MAI, priv: MAI },
    superuser: { o: DALL_INIZIO, pub: DALL_INIZIO, priv: DALL_INIZIO },
  };
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      MOMENTO_KEYS.map((at, i) => ({ role, tip, at, expected: table[role][tip][i] })),
    ),
  );
  it.each(rows)('$role · $tip · $at → $expected', ({ role, tip, at, expected }) => {
    const s = squadra(tip, 'mia');
    expect(canSubmitAnswerNow(ACTORS[role], evento(tip), s, MOMENTI[at])).toBe(expected);
  });
});

describe('canSetJokerNow', () => {
  const SCADENZA: Row = [N, N, N, N, Y, N, N];
  const table: Record<Role, Record<Tipologia, Row>> = {
    anonimo: { o: MAI, pub: MAI, priv: MAI },
    utente: { o: MAI, pub: MAI, priv: MAI },
    inattivo: { o: MAI, pub: MAI, priv: MAI },
    docente: { o: MAI, pub: SCADENZA, priv: MAI },
    sp: { o: SCADENZA, pub: SCADENZA, priv: MAI },
    ss: { o: SCADENZA, pub: SCADENZA, priv: MAI },
    inseritore: { o: DALL_INIZIO, pub: DALL_INIZIO, priv: DALL_INIZIO },
    amministratore: { o: DALL_INIZIO, pub: DALL_INIZIO, priv: DALL_INIZIO },
    staff: { o: MAI, pub: MAI, priv: MAI },
    superuser: { o: DALL_INIZIO, pub: DALL_INIZIO, priv: DALL_INIZIO },
  };
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      MOMENTO_KEYS.map((at, i) => ({ role, tip, at, expected: table[role][tip][i] })),
    ),
  );
  it.each(rows)('$role · $tip · $at → $expected', ({ role, tip, at, expected }) => {
    const s = squadra(tip, 'mia');
    expect(canSetJokerNow(ACTORS[role], evento(tip), s, MOMENTI[at])).toBe(expected);
  });

  it('a team outside the scope is refused even inside the window', () => {
    const s = squadra('pub', 'altra');
    expect(canSetJokerNow(ACTORS.sp, evento('pub'), s, MOMENTI.m5_inCorsoJolly)).toBe(N);
  });
});
