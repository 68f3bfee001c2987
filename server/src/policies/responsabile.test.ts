import { describe, expect, it } from 'vitest';
import {
  canAssignScuola,
  canCreateSecondaryManager,
  canEditResponsabile,
  canEditResponsabileAssignments,
  newSecondaryManagerFlags,
} from './responsabile';
import { ACTORS, N, ROLES, SCUOLA_DOCENTE, SCUOLA_SP, Y, type Role } from './testing';
import type { Actor, ResponsabileTarget } from './types';

describe('canCreateSecondaryManager', () => {
  const table: Record<Role, boolean> = {
    anonimo: N,
    utente: N,
    inattivo: N,
    docente: Y,
    sp: Y,
    ss: N,
    inseritore: Y, // an sp in the fixtures
    amministratore: Y, // an sp in the fixtures
    staff: N,
    superuser: Y,
  };
  it.each(ROLES)('%s', (role) => {
    expect(canCreateSecondaryManager(ACTORS[role])).toBe(table[role]);
  });
});

const TARGETS = [
  'se',
  'ssStessaScuola',
  'ssAltraScuola',
  'ssCreatoDaMe',
  'spStessaScuola',
] as const;
type TargetKind = (typeof TARGETS)[number];

function target(kind: TargetKind, actor: Actor): ResponsabileTarget {
  switch (kind) {
    case 'se':
      return {
        ruolo: actor.responsabile?.ruolo ?? 'sp',
        scuolaIds: actor.responsabile?.scuolaIds ?? [],
        // An anonymous actor has no record of its own: -1 matches nobody.
        userId: actor.userId ?? -1,
      };
    case 'ssStessaScuola':
      return { ruolo: 'ss', scuolaIds: [SCUOLA_SP], userId: 500 };
    case 'ssAltraScuola':
      return { ruolo: 'ss', scuolaIds: [30], userId: 501 };
    case 'ssCreatoDaMe':
      return { ruolo: 'ss', scuolaIds: [], userId: 502, createdBy: actor.userId };
    case 'spStessaScuola':
      return { ruolo: 'sp', scuolaIds: [SCUOLA_SP], userId: 503 };
  }
}

type Row = readonly [boolean, boolean, boolean, boolean, boolean];

function cells(table: Record<Role, Row>) {
  return ROLES.flatMap((role) =>
    TARGETS.map((kind, i) => ({ role, kind, expected: table[role][i] })),
  );
}

describe('canEditResponsabile', () => {
  // [se, ssStessaScuola, ssAltraScuola, ssCreatoDaMe, spStessaScuola]
  const table: Record<Role, Row> = {
    anonimo: [N, N, N, N, N],
    utente: [Y, N, N, N, N],
    inattivo: [Y, N, N, N, N], // own preferences only
    docente: [Y, N, N, Y, N], // his school is not the sp's
    sp: [Y, Y, N, Y, N],
    ss: [Y, N, N, N, N],
    inseritore: [Y, N, N, Y, N],
    amministratore: [Y, N, N, Y, N],
    staff: [Y, N, N, N, N],
    superuser: [Y, Y, Y, Y, Y],
  };
  it.each(cells(table))('$role · $kind → $expected', ({ role, kind, expected }) => {
    const actor = ACTORS[role];
    expect(canEditResponsabile(actor, target(kind, actor))).toBe(expected);
  });
});

describe('canEditResponsabileAssignments', () => {
  // Never on one's own record, except for a superuser.
  const table: Record<Role, Row> = {
    anonimo: [N, N, N, N, N],
    utente: [N, N, N, N, N],
    inattivo: [N, N, N, N, N],
    docente: [N, N, N, Y, N],
    sp: [N, Y, N, Y, N],
    ss: [N, N, N, N, N],
    inseritore: [N, N, N, Y, N],
    amministratore: [N, N, N, Y, N],
    staff: [N, N, N, N, N],
    superuser: [Y, Y, Y, Y, Y],
  };
  it.each(cells(table))('$role · $kind → $expected', ({ role, kind, expected }) => {
    const actor = ACTORS[role];
    expect(canEditResponsabileAssignments(actor, target(kind, actor))).toBe(expected);
  });
});

describe('canAssignScuola', () => {
  // [school of the sp, school of the teacher, someone else's school]
  const table: Record<Role, readonly [boolean, boolean, boolean]> = {
    anonimo: [N, N, N],
    utente: [N, N, N],
    inattivo: [N, N, N],
    docente: [N, Y, N],
    sp: [Y, N, N],
    ss: [N, N, N], // linked to the sp's school, but cannot hand it out
    inseritore: [N, N, N],
    amministratore: [N, N, N],
    staff: [N, N, N],
    superuser: [Y, Y, Y],
  };
  const scuole = [SCUOLA_SP, SCUOLA_DOCENTE, 99] as const;
  const rows = ROLES.flatMap((role) =>
    scuole.map((scuola, i) => ({ role, scuola, expected: table[role][i] })),
  );
  it.each(rows)('$role · scuola $scuola → $expected', ({ role, scuola, expected }) => {
    expect(canAssignScuola(ACTORS[role], scuola)).toBe(expected);
  });
});

describe('newSecondaryManagerFlags', () => {
  it('inherits the official flag of the creator', () => {
    expect(newSecondaryManagerFlags(ACTORS.sp)).toEqual({
      ruolo: 'ss',
      attivo: true,
      puoIscriversiGareUfficiali: true,
    });
    expect(newSecondaryManagerFlags(ACTORS.docente).puoIscriversiGareUfficiali).toBe(N);
    expect(newSecondaryManagerFlags(ACTORS.superuser).puoIscriversiGareUfficiali).toBe(Y);
    expect(newSecondaryManagerFlags(ACTORS.inattivo).puoIscriversiGareUfficiali).toBe(N);
  });
});
