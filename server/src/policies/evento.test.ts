import { describe, expect, it } from 'vitest';
import {
  canChangeTipologia,
  canChooseDeliveryTime,
  canCreateEvento,
  canDeleteAnswers,
  canEditEvento,
  canEnterAnswersForAllTeams,
  canInvite,
  canManageEvento,
  canSeeEvento,
  canSeeSoluzioni,
  isEventoAdmin,
  isExemptFromEventiMaxGiorno,
} from './evento';
import { ACTORS, MOMENTI, N, ROLES, TIPOLOGIE, Y, evento, ms, DATE, type Role } from './testing';
import type { Tipologia } from './types';

type PerTip = Record<Tipologia, boolean>;

function cells(table: Record<Role, PerTip>) {
  return ROLES.flatMap((role) =>
    TIPOLOGIE.map((tip) => ({ role, tip, expected: table[role][tip] })),
  );
}

describe('canSeeEvento', () => {
  const table: Record<Role, PerTip> = {
    anonimo: { o: Y, pub: Y, priv: N },
    utente: { o: Y, pub: Y, priv: N },
    inattivo: { o: Y, pub: Y, priv: N },
    docente: { o: Y, pub: Y, priv: N },
    sp: { o: Y, pub: Y, priv: N },
    ss: { o: Y, pub: Y, priv: N },
    inseritore: { o: Y, pub: Y, priv: Y },
    amministratore: { o: Y, pub: Y, priv: Y },
    staff: { o: Y, pub: Y, priv: N },
    superuser: { o: Y, pub: Y, priv: Y },
  };
  it.each(cells(table))('$role · $tip → $expected', ({ role, tip, expected }) => {
    expect(canSeeEvento(ACTORS[role], evento(tip))).toBe(expected);
  });
});

describe.each([
  ['isEventoAdmin', isEventoAdmin],
  ['canEditEvento', canEditEvento],
  ['canInvite', canInvite],
] as const)('%s', (_name, fn) => {
  const table: Record<Role, PerTip> = {
    anonimo: { o: N, pub: N, priv: N },
    utente: { o: N, pub: N, priv: N },
    inattivo: { o: N, pub: N, priv: N },
    docente: { o: N, pub: N, priv: N },
    sp: { o: N, pub: N, priv: N },
    ss: { o: N, pub: N, priv: N },
    inseritore: { o: N, pub: N, priv: N },
    amministratore: { o: Y, pub: Y, priv: Y },
    staff: { o: N, pub: N, priv: N },
    superuser: { o: Y, pub: Y, priv: Y },
  };
  it.each(cells(table))('$role · $tip → $expected', ({ role, tip, expected }) => {
    expect(fn(ACTORS[role], evento(tip))).toBe(expected);
  });
});

describe.each([
  ['canEnterAnswersForAllTeams', canEnterAnswersForAllTeams],
  ['canDeleteAnswers', canDeleteAnswers],
  ['canChooseDeliveryTime', canChooseDeliveryTime],
] as const)('%s', (_name, fn) => {
  const table: Record<Role, PerTip> = {
    anonimo: { o: N, pub: N, priv: N },
    utente: { o: N, pub: N, priv: N },
    inattivo: { o: N, pub: N, priv: N },
    docente: { o: N, pub: N, priv: N },
    sp: { o: N, pub: N, priv: N },
    ss: { o: N, pub: N, priv: N },
    inseritore: { o: Y, pub: Y, priv: Y },
    amministratore: { o: Y, pub: Y, priv: Y },
    staff: { o: N, pub: N, priv: N },
    superuser: { o: Y, pub: Y, priv: Y },
  };
  it.each(cells(table))('$role · $tip → $expected', ({ role, tip, expected }) => {
    expect(fn(ACTORS[role], evento(tip))).toBe(expected);
  });
});

describe('canManageEvento', () => {
  const table: Record<Role, { nessuno: boolean } & PerTip> = {
    anonimo: { nessuno: N, o: N, pub: N, priv: N },
    utente: { nessuno: N, o: N, pub: N, priv: N },
    inattivo: { nessuno: N, o: N, pub: N, priv: N },
    docente: { nessuno: Y, o: N, pub: Y, priv: N },
    sp: { nessuno: Y, o: Y, pub: Y, priv: N },
    ss: { nessuno: Y, o: Y, pub: Y, priv: N },
    inseritore: { nessuno: Y, o: Y, pub: Y, priv: Y },
    amministratore: { nessuno: Y, o: Y, pub: Y, priv: Y },
    staff: { nessuno: N, o: N, pub: N, priv: N },
    superuser: { nessuno: Y, o: Y, pub: Y, priv: Y },
  };
  const rows = ROLES.flatMap((role) =>
    (['nessuno', ...TIPOLOGIE] as const).map((tip) => ({ role, tip, expected: table[role][tip] })),
  );
  it.each(rows)('$role · $tip → $expected', ({ role, tip, expected }) => {
    const e = tip === 'nessuno' ? null : evento(tip);
    expect(canManageEvento(ACTORS[role], e)).toBe(expected);
  });
});

describe('canCreateEvento', () => {
  const table: Record<Role, PerTip> = {
    anonimo: { o: N, pub: N, priv: N },
    utente: { o: N, pub: N, priv: N },
    inattivo: { o: N, pub: N, priv: N },
    docente: { o: N, pub: Y, priv: Y },
    sp: { o: N, pub: Y, priv: Y },
    ss: { o: N, pub: Y, priv: Y },
    inseritore: { o: N, pub: Y, priv: Y },
    amministratore: { o: N, pub: Y, priv: Y },
    staff: { o: N, pub: N, priv: N },
    superuser: { o: Y, pub: Y, priv: Y },
  };
  it.each(cells(table))('$role · $tip → $expected', ({ role, tip, expected }) => {
    expect(canCreateEvento(ACTORS[role], tip)).toBe(expected);
  });
});

describe('isExemptFromEventiMaxGiorno', () => {
  const table: Record<Role, boolean> = {
    anonimo: N,
    utente: N,
    inattivo: N,
    docente: N,
    sp: N,
    ss: N,
    inseritore: N,
    amministratore: N,
    staff: Y,
    superuser: Y,
  };
  it.each(ROLES.map((role) => ({ role, expected: table[role] })))(
    '$role → $expected',
    ({ role, expected }) => {
      expect(isExemptFromEventiMaxGiorno(ACTORS[role])).toBe(expected);
    },
  );
});

describe('canChangeTipologia', () => {
  const CHANGES = ['pub→priv', 'priv→pub', 'pub→o', 'priv→o', 'o→pub', 'o→o'] as const;
  type Change = (typeof CHANGES)[number];
  const none = { 'pub→priv': N, 'priv→pub': N, 'pub→o': N, 'priv→o': N, 'o→pub': N, 'o→o': N };
  const table: Record<Role, Record<Change, boolean>> = {
    anonimo: none,
    utente: none,
    inattivo: none,
    docente: none,
    sp: none,
    ss: none,
    inseritore: none,
    amministratore: { 'pub→priv': Y, 'priv→pub': Y, 'pub→o': N, 'priv→o': N, 'o→pub': N, 'o→o': Y },
    staff: none,
    superuser: { 'pub→priv': Y, 'priv→pub': Y, 'pub→o': Y, 'priv→o': Y, 'o→pub': Y, 'o→o': Y },
  };
  const rows = ROLES.flatMap((role) =>
    CHANGES.map((change) => ({ role, change, expected: table[role][change] })),
  );
  it.each(rows)('$role · $change → $expected', ({ role, change, expected }) => {
    const [from, to] = change.split('→') as [Tipologia, Tipologia];
    expect(canChangeTipologia(ACTORS[role], evento(from), to)).toBe(expected);
  });
});

describe('canSeeSoluzioni', () => {
  // Columns: before the start, running, after the end.
  const PUBBLICO = [N, N, Y];
  const SEMPRE = [Y, Y, Y];
  const MAI = [N, N, N];
  const table: Record<Role, Record<Tipologia, boolean[]>> = {
    anonimo: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    utente: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    inattivo: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    docente: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    sp: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    ss: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    inseritore: { o: SEMPRE, pub: SEMPRE, priv: SEMPRE },
    amministratore: { o: SEMPRE, pub: SEMPRE, priv: SEMPRE },
    staff: { o: PUBBLICO, pub: PUBBLICO, priv: MAI },
    superuser: { o: SEMPRE, pub: SEMPRE, priv: SEMPRE },
  };
  const moments = ['m4_primaInizio', 'm5_inCorsoJolly', 'm7_finito'] as const;
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      moments.map((at, i) => ({ role, tip, at, expected: table[role][tip][i] })),
    ),
  );
  it.each(rows)('$role · $tip · $at → $expected', ({ role, tip, at, expected }) => {
    expect(canSeeSoluzioni(ACTORS[role], evento(tip), MOMENTI[at])).toBe(expected);
  });

  it('opens at exactly fine, not a millisecond before', () => {
    expect(canSeeSoluzioni(ACTORS.anonimo, evento('o'), DATE.fine)).toBe(Y);
    expect(canSeeSoluzioni(ACTORS.anonimo, evento('o'), ms(DATE.fine, -1))).toBe(N);
  });
});

describe('superuser flag without a user', () => {
  it('grants nothing to an actor with no user id', () => {
    const forged = { ...ACTORS.anonimo, isSuperuser: true, isStaff: true };
    expect(canEditEvento(forged, evento('pub'))).toBe(N);
    expect(canSeeEvento(forged, evento('priv'))).toBe(N);
    expect(canManageEvento(forged, null)).toBe(N);
    expect(canCreateEvento(forged, 'o')).toBe(N);
  });
});
