import { describe, expect, it } from 'vitest';
import {
  canEditSquadra,
  canSeeRispostaValore,
  canSubmitForSquadra,
  ownedSquadraScope,
  ownsSquadra,
  squadraInScope,
  squadraScope,
} from './squadra';
import {
  ACTORS,
  DATE,
  MOMENTI,
  N,
  RID,
  ROLES,
  SCUOLA_DOCENTE,
  SCUOLA_SP,
  SQUADRE,
  TIPOLOGIE,
  Y,
  evento,
  ms,
  squadra,
  type Role,
} from './testing';
import type { SquadraScope, Tipologia } from './types';

// [mia, stessaScuola, altra]
type Triple = readonly [boolean, boolean, boolean];
type PerTip = Record<Tipologia, Triple>;

function cells(table: Record<Role, PerTip>) {
  return ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      SQUADRE.map((kind, i) => ({ role, tip, kind, expected: table[role][tip][i] })),
    ),
  );
}

const NNN: Triple = [N, N, N];
const YYY: Triple = [Y, Y, Y];

describe('ownsSquadra', () => {
  // Ownership ignores the event type: the rights built on it do not.
  const table: Record<Role, Triple> = {
    anonimo: NNN,
    utente: NNN,
    inattivo: NNN,
    docente: [Y, N, N], // registered it (Squadra.responsabili)
    sp: [Y, Y, N], // every team of his school
    ss: [Y, N, N], // assigned directly; his school gives him nothing
    inseritore: NNN,
    amministratore: NNN,
    staff: NNN,
    superuser: NNN,
  };
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.flatMap((tip) =>
      SQUADRE.map((kind, i) => ({ role, tip, kind, expected: table[role][i] })),
    ),
  );
  it.each(rows)('$role · $tip · $kind → $expected', ({ role, tip, kind, expected }) => {
    expect(ownsSquadra(ACTORS[role], squadra(tip, kind))).toBe(expected);
  });
});

describe('canSubmitForSquadra', () => {
  const table: Record<Role, PerTip> = {
    anonimo: { o: NNN, pub: NNN, priv: NNN },
    utente: { o: NNN, pub: NNN, priv: NNN },
    inattivo: { o: NNN, pub: NNN, priv: NNN },
    docente: { o: NNN, pub: [Y, N, N], priv: NNN },
    sp: { o: [Y, Y, N], pub: [Y, Y, N], priv: NNN },
    ss: { o: [Y, N, N], pub: [Y, N, N], priv: NNN },
    inseritore: { o: YYY, pub: YYY, priv: YYY },
    amministratore: { o: YYY, pub: YYY, priv: YYY },
    staff: { o: NNN, pub: NNN, priv: NNN },
    superuser: { o: YYY, pub: YYY, priv: YYY },
  };
  it.each(cells(table))('$role · $tip · $kind → $expected', ({ role, tip, kind, expected }) => {
    expect(canSubmitForSquadra(ACTORS[role], evento(tip), squadra(tip, kind))).toBe(expected);
  });

  it.each(ROLES)('%s: a team of another event is always refused', (role) => {
    expect(canSubmitForSquadra(ACTORS[role], evento('pub'), squadra('o', 'mia'))).toBe(N);
  });

  it('scope and predicate agree on every cell', () => {
    for (const { role, tip, kind } of cells(table)) {
      const s = squadra(tip, kind);
      expect(squadraInScope(squadraScope(ACTORS[role], evento(tip)), s)).toBe(
        canSubmitForSquadra(ACTORS[role], evento(tip), s),
      );
    }
  });
});

describe('squadraScope', () => {
  const NONE: SquadraScope = { all: false, squadraIds: [], scuolaIds: [], responsabileId: null };
  const ALL: SquadraScope = { all: true };
  const docente: SquadraScope = {
    all: false,
    squadraIds: [],
    scuolaIds: [SCUOLA_DOCENTE],
    responsabileId: RID.docente,
  };
  const sp: SquadraScope = {
    all: false,
    squadraIds: [],
    scuolaIds: [SCUOLA_SP],
    responsabileId: RID.sp,
  };
  const ss: SquadraScope = {
    all: false,
    squadraIds: [101, 201, 301],
    scuolaIds: [],
    responsabileId: RID.ss,
  };
  const table: Record<Role, Record<Tipologia, SquadraScope>> = {
    anonimo: { o: NONE, pub: NONE, priv: NONE },
    utente: { o: NONE, pub: NONE, priv: NONE },
    inattivo: { o: NONE, pub: NONE, priv: NONE },
    docente: { o: NONE, pub: docente, priv: NONE },
    sp: { o: sp, pub: sp, priv: NONE },
    ss: { o: ss, pub: ss, priv: NONE },
    inseritore: { o: ALL, pub: ALL, priv: ALL },
    amministratore: { o: ALL, pub: ALL, priv: ALL },
    staff: { o: NONE, pub: NONE, priv: NONE },
    superuser: { o: ALL, pub: ALL, priv: ALL },
  };
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.map((tip) => ({ role, tip, expected: table[role][tip] })),
  );
  it.each(rows)('$role · $tip', ({ role, tip, expected }) => {
    expect(squadraScope(ACTORS[role], evento(tip))).toEqual(expected);
  });

  it.each(ROLES)('%s: ownedSquadraScope matches ownsSquadra', (role) => {
    for (const tip of TIPOLOGIE) {
      for (const kind of SQUADRE) {
        const s = squadra(tip, kind);
        expect(squadraInScope(ownedSquadraScope(ACTORS[role]), s)).toBe(
          ownsSquadra(ACTORS[role], s),
        );
      }
    }
  });
});

describe('canEditSquadra', () => {
  // Inside the edit window (enrolment open) and after fine_modifica_squadre.
  const inside: Record<Role, PerTip> = {
    anonimo: { o: NNN, pub: NNN, priv: NNN },
    utente: { o: NNN, pub: NNN, priv: NNN },
    inattivo: { o: NNN, pub: NNN, priv: NNN },
    docente: { o: NNN, pub: [Y, N, N], priv: NNN },
    sp: { o: [Y, Y, N], pub: [Y, Y, N], priv: NNN },
    ss: { o: [Y, N, N], pub: [Y, N, N], priv: NNN },
    inseritore: { o: NNN, pub: NNN, priv: NNN },
    amministratore: { o: YYY, pub: YYY, priv: YYY },
    staff: { o: NNN, pub: NNN, priv: NNN },
    superuser: { o: YYY, pub: YYY, priv: YYY },
  };
  const after: Record<Role, PerTip> = {
    anonimo: { o: NNN, pub: NNN, priv: NNN },
    utente: { o: NNN, pub: NNN, priv: NNN },
    inattivo: { o: NNN, pub: NNN, priv: NNN },
    docente: { o: NNN, pub: NNN, priv: NNN },
    sp: { o: NNN, pub: NNN, priv: NNN },
    ss: { o: NNN, pub: NNN, priv: NNN },
    inseritore: { o: NNN, pub: NNN, priv: NNN },
    amministratore: { o: YYY, pub: YYY, priv: YYY },
    staff: { o: NNN, pub: NNN, priv: NNN },
    superuser: { o: YYY, pub: YYY, priv: YYY },
  };
  it.each(cells(inside))(
    'before the deadline: $role · $tip · $kind → $expected',
    ({ role, tip, kind, expected }) => {
      const now = MOMENTI.m2_iscrizioniAperte;
      expect(canEditSquadra(ACTORS[role], evento(tip), squadra(tip, kind), now)).toBe(expected);
    },
  );
  it.each(cells(after))(
    'after the deadline: $role · $tip · $kind → $expected',
    ({ role, tip, kind, expected }) => {
      const now = MOMENTI.m4_primaInizio;
      expect(canEditSquadra(ACTORS[role], evento(tip), squadra(tip, kind), now)).toBe(expected);
    },
  );

  it('the deadline is inclusive', () => {
    const e = evento('pub');
    const s = squadra('pub', 'mia');
    expect(canEditSquadra(ACTORS.docente, e, s, DATE.fineModificaSquadre)).toBe(Y);
    expect(canEditSquadra(ACTORS.docente, e, s, ms(DATE.fineModificaSquadre, 1))).toBe(N);
  });

  it('a team of another event is refused even to the administrator', () => {
    const now = MOMENTI.m2_iscrizioniAperte;
    expect(canEditSquadra(ACTORS.amministratore, evento('pub'), squadra('o', 'mia'), now)).toBe(N);
  });
});

describe('canSeeRispostaValore', () => {
  // During the contest, then after the end.
  const PUBBLICO_DOPO: PerTip = { o: NNN, pub: NNN, priv: NNN };
  const during: Record<Role, PerTip> = {
    anonimo: PUBBLICO_DOPO,
    utente: PUBBLICO_DOPO,
    inattivo: PUBBLICO_DOPO,
    docente: { o: [Y, N, N], pub: [Y, N, N], priv: NNN },
    sp: { o: [Y, Y, N], pub: [Y, Y, N], priv: NNN },
    ss: { o: [Y, N, N], pub: [Y, N, N], priv: NNN },
    inseritore: { o: YYY, pub: YYY, priv: YYY },
    amministratore: { o: YYY, pub: YYY, priv: YYY },
    staff: PUBBLICO_DOPO,
    superuser: { o: YYY, pub: YYY, priv: YYY },
  };
  const VISIBILE: PerTip = { o: YYY, pub: YYY, priv: NNN };
  const ended: Record<Role, PerTip> = {
    anonimo: VISIBILE,
    utente: VISIBILE,
    inattivo: VISIBILE,
    docente: VISIBILE,
    sp: VISIBILE,
    ss: VISIBILE,
    inseritore: { o: YYY, pub: YYY, priv: YYY },
    amministratore: { o: YYY, pub: YYY, priv: YYY },
    staff: VISIBILE,
    superuser: { o: YYY, pub: YYY, priv: YYY },
  };
  it.each(cells(during))(
    'running: $role · $tip · $kind → $expected',
    ({ role, tip, kind, expected }) => {
      const now = MOMENTI.m5_inCorsoJolly;
      expect(canSeeRispostaValore(ACTORS[role], evento(tip), squadra(tip, kind), now)).toBe(
        expected,
      );
    },
  );
  it.each(cells(ended))(
    'ended: $role · $tip · $kind → $expected',
    ({ role, tip, kind, expected }) => {
      const now = MOMENTI.m7_finito;
      expect(canSeeRispostaValore(ACTORS[role], evento(tip), squadra(tip, kind), now)).toBe(
        expected,
      );
    },
  );
});
