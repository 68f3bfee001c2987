// Tables of the rules the team and manager endpoints added: rights without
// their time windows, venue/guest flags, the school named at sign-up, the
// students' personal data, assignments and the visibility of manager records.
import { describe, expect, it } from 'vitest';
import {
  canAssignSquadra,
  canEditResponsabile,
  canEditResponsabileAssignments,
  canManageResponsabilePreferences,
  canSeeResponsabile,
} from './responsabile';
import {
  canEditSquadra,
  canRegisterTeam,
  canSeeSquadraDettagli,
  canSetSquadraPoloOspite,
  canSetSquadraScuola,
  hasRegistrationRight,
  hasSquadraEditRight,
} from './squadra';
import { isEventoAdmin } from './evento';
import { registrationWindowOpenFor, squadraEditWindowOpen } from './windows';
import {
  ACTORS,
  MOMENTO_KEYS,
  MOMENTI,
  N,
  ROLES,
  SCUOLA_DOCENTE,
  SCUOLA_SP,
  SQUADRE,
  TIPOLOGIE,
  Y,
  evento,
  squadra,
  type Role,
} from './testing';
import type { Actor, ResponsabileTarget } from './types';

type Tri = readonly [boolean, boolean, boolean];

function byRole<T>(table: Record<Role, readonly T[]>, columns: readonly string[]) {
  return ROLES.flatMap((role) =>
    columns.map((column, i) => ({ role, column, expected: table[role][i] })),
  );
}

describe('hasRegistrationRight', () => {
  // [o, pub, priv]
  const table: Record<Role, Tri> = {
    anonimo: [N, N, N],
    utente: [N, N, N],
    inattivo: [N, N, N],
    docente: [N, Y, N],
    sp: [N, Y, N],
    ss: [N, N, N], // "cannot enrol teams"
    inseritore: [N, Y, Y],
    amministratore: [N, Y, Y],
    staff: [N, N, N],
    superuser: [N, Y, Y], // official teams come from the external site
  };
  it.each(byRole(table, TIPOLOGIE))('$role in $column: $expected', ({ role, column, expected }) => {
    const e = evento(column as 'o');
    expect(hasRegistrationRight(ACTORS[role], e)).toBe(expected);
  });

  it('canRegisterTeam = the right and the window, at every moment', () => {
    for (const role of ROLES)
      for (const tip of TIPOLOGIE)
        for (const m of MOMENTO_KEYS) {
          const [a, e, now] = [ACTORS[role], evento(tip), MOMENTI[m]];
          expect(canRegisterTeam(a, e, now)).toBe(
            hasRegistrationRight(a, e) && registrationWindowOpenFor(a, e, now),
          );
        }
  });
});

describe('hasSquadraEditRight in a public event', () => {
  // [mia, stessaScuola, altra]
  const table: Record<Role, Tri> = {
    anonimo: [N, N, N],
    utente: [N, N, N],
    inattivo: [N, N, N],
    docente: [Y, N, N], // registered "mia"
    sp: [Y, Y, N], // his school's teams
    ss: [Y, N, N], // assigned directly only
    inseritore: [N, N, N], // enters answers, does not edit teams
    amministratore: [Y, Y, Y],
    staff: [N, N, N],
    superuser: [Y, Y, Y],
  };
  it.each(byRole(table, SQUADRE))('$role, $column: $expected', ({ role, column, expected }) => {
    const s = squadra('pub', column as 'mia');
    expect(hasSquadraEditRight(ACTORS[role], evento('pub'), s)).toBe(expected);
  });

  it('canEditSquadra = the right, and the deadline for all but administrators', () => {
    for (const role of ROLES)
      for (const tip of TIPOLOGIE)
        for (const kind of SQUADRE)
          for (const m of MOMENTO_KEYS) {
            const [a, e, s, now] = [ACTORS[role], evento(tip), squadra(tip, kind), MOMENTI[m]];
            const expected =
              hasSquadraEditRight(a, e, s) &&
              (isEventoAdmin(a, e) || squadraEditWindowOpen(e, now));
            expect(canEditSquadra(a, e, s, now)).toBe(expected);
          }
  });

  it('refuses a team of another event even to the superuser', () => {
    expect(hasSquadraEditRight(ACTORS.superuser, evento('pub'), squadra('o', 'mia'))).toBe(N);
  });
});

describe('canSetSquadraPoloOspite (same on every tipologia)', () => {
  const table: Record<Role, boolean> = {
    anonimo: N,
    utente: N,
    inattivo: N, // listed as administrator, but deactivated
    docente: N,
    sp: N,
    ss: N,
    inseritore: N,
    amministratore: Y,
    staff: N,
    superuser: Y,
  };
  it.each(ROLES)('%s', (role) => {
    for (const tip of TIPOLOGIE) {
      expect(canSetSquadraPoloOspite(ACTORS[role], evento(tip))).toBe(table[role]);
    }
  });
});

describe('canSetSquadraScuola in a public event', () => {
  const scuole = [SCUOLA_SP, SCUOLA_DOCENTE, 99] as const;
  // [school of the sp, school of the docente, another school]
  const table: Record<Role, Tri> = {
    anonimo: [N, N, N],
    utente: [N, N, N],
    inattivo: [N, N, N],
    docente: [N, Y, N],
    sp: [Y, N, N],
    ss: [Y, N, N], // linked to the sp's school (he cannot enrol anyway)
    inseritore: [Y, Y, Y],
    amministratore: [Y, Y, Y],
    staff: [N, N, N],
    superuser: [Y, Y, Y],
  };
  it.each(byRole(table, scuole.map(String)))(
    '$role, school $column: $expected',
    ({ role, column, expected }) => {
      expect(canSetSquadraScuola(ACTORS[role], evento('pub'), Number(column))).toBe(expected);
    },
  );
});

describe('canSeeSquadraDettagli', () => {
  // [mia, stessaScuola, altra] in a public and in a private event
  const pub: Record<Role, Tri> = {
    anonimo: [N, N, N],
    utente: [N, N, N],
    inattivo: [N, N, N],
    docente: [Y, N, N],
    sp: [Y, Y, N],
    ss: [Y, N, N],
    inseritore: [Y, Y, Y],
    amministratore: [Y, Y, Y],
    staff: [N, N, N],
    superuser: [Y, Y, Y],
  };
  const priv: Record<Role, Tri> = {
    ...pub,
    docente: [N, N, N], // owners who cannot see the event see nothing of it
    sp: [N, N, N],
    ss: [N, N, N],
  };
  it.each(byRole(pub, SQUADRE))('pub: $role, $column: $expected', ({ role, column, expected }) => {
    const s = squadra('pub', column as 'mia');
    expect(canSeeSquadraDettagli(ACTORS[role], evento('pub'), s)).toBe(expected);
  });
  it.each(byRole(priv, SQUADRE))(
    'priv: $role, $column: $expected',
    ({ role, column, expected }) => {
      const s = squadra('priv', column as 'mia');
      expect(canSeeSquadraDettagli(ACTORS[role], evento('priv'), s)).toBe(expected);
    },
  );
});

describe('canAssignSquadra', () => {
  const table: Record<Role, Tri> = {
    anonimo: [N, N, N],
    utente: [N, N, N],
    inattivo: [N, N, N],
    docente: [Y, N, N],
    sp: [Y, Y, N],
    ss: [Y, N, N], // (he cannot create managers anyway)
    inseritore: [N, N, N],
    amministratore: [N, N, N], // event rights are not ownership
    staff: [N, N, N],
    superuser: [Y, Y, Y],
  };
  it.each(byRole(table, SQUADRE))('$role, $column: $expected', ({ role, column, expected }) => {
    expect(canAssignSquadra(ACTORS[role], squadra('pub', column as 'mia'))).toBe(expected);
  });
});

const TARGETS = [
  'se',
  'ssStessaScuola',
  'ssAltraScuola',
  'ssSquadraMiaScuola',
  'spStessaScuola',
] as const;

function target(kind: (typeof TARGETS)[number], actor: Actor): ResponsabileTarget {
  switch (kind) {
    case 'se':
      return {
        ruolo: actor.responsabile?.ruolo ?? 'sp',
        scuolaIds: actor.responsabile?.scuolaIds ?? [],
        userId: actor.userId ?? -1,
      };
    case 'ssStessaScuola':
      return { ruolo: 'ss', scuolaIds: [SCUOLA_SP], userId: 500 };
    case 'ssAltraScuola':
      return { ruolo: 'ss', scuolaIds: [30], userId: 501 };
    case 'ssSquadraMiaScuola':
      // No school of his own, but a team of the sp's school assigned to him.
      return { ruolo: 'ss', scuolaIds: [], squadraScuolaIds: [SCUOLA_SP], userId: 502 };
    case 'spStessaScuola':
      return { ruolo: 'sp', scuolaIds: [SCUOLA_SP], userId: 503 };
  }
}

type Row = readonly [boolean, boolean, boolean, boolean, boolean];

describe('manager records', () => {
  // [se, ssStessaScuola, ssAltraScuola, ssSquadraMiaScuola, spStessaScuola]
  const vede: Record<Role, Row> = {
    anonimo: [N, N, N, N, N],
    utente: [Y, N, N, N, N],
    inattivo: [Y, N, N, N, N], // a deactivated profile has no colleagues
    docente: [Y, N, N, N, N],
    sp: [Y, Y, N, Y, Y], // colleagues of his school, and those he manages
    ss: [Y, Y, N, N, Y], // colleagues sharing his school
    inseritore: [Y, N, N, N, N],
    amministratore: [Y, N, N, N, N],
    staff: [Y, N, N, N, N],
    superuser: [Y, Y, Y, Y, Y],
  };
  const assegna: Record<Role, Row> = {
    anonimo: [N, N, N, N, N],
    utente: [N, N, N, N, N],
    inattivo: [N, N, N, N, N],
    docente: [N, N, N, N, N],
    sp: [N, Y, N, Y, N], // never his own record, never another sp
    ss: [N, N, N, N, N],
    inseritore: [N, N, N, N, N],
    amministratore: [N, N, N, N, N],
    staff: [N, N, N, N, N],
    superuser: [Y, Y, Y, Y, Y],
  };
  const preferenze: Record<Role, Row> = {
    anonimo: [N, N, N, N, N],
    utente: [Y, N, N, N, N],
    inattivo: [Y, N, N, N, N],
    docente: [Y, N, N, N, N],
    sp: [Y, N, N, N, N], // the newsletter is the person's own consent
    ss: [Y, N, N, N, N],
    inseritore: [Y, N, N, N, N],
    amministratore: [Y, N, N, N, N],
    staff: [Y, N, N, N, N],
    superuser: [Y, Y, Y, Y, Y],
  };
  it.each(byRole(vede, TARGETS))(
    'canSeeResponsabile $role → $column',
    ({ role, column, expected }) => {
      const actor = ACTORS[role];
      expect(canSeeResponsabile(actor, target(column as 'se', actor))).toBe(expected);
    },
  );
  it.each(byRole(assegna, TARGETS))(
    'canEditResponsabileAssignments $role → $column',
    ({ role, column, expected }) => {
      const actor = ACTORS[role];
      expect(canEditResponsabileAssignments(actor, target(column as 'se', actor))).toBe(expected);
    },
  );
  it.each(byRole(preferenze, TARGETS))(
    'canManageResponsabilePreferences $role → $column',
    ({ role, column, expected }) => {
      const actor = ACTORS[role];
      expect(canManageResponsabilePreferences(actor, target(column as 'se', actor))).toBe(expected);
    },
  );
  it('a record one may edit is a record one may see', () => {
    for (const role of ROLES)
      for (const kind of TARGETS) {
        const actor = ACTORS[role];
        const t = target(kind, actor);
        if (canEditResponsabile(actor, t)) expect(canSeeResponsabile(actor, t)).toBe(true);
      }
  });
});
