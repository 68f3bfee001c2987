// Invariants that must hold for any actor, event and team, not just the
// fixtures of the tables: random inputs over small id ranges so that
// memberships and ownerships collide often.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as P from './index';
import type { Actor, EventoAccess, SquadraRef } from './types';

const ids = fc.subarray([1, 2, 3, 4, 5, 6]);
const T0 = Date.UTC(2026, 2, 1);
const time = fc.integer({ min: 0, max: 30 * 24 * 3600 }).map((s) => new Date(T0 + s * 1000));

const actorArb: fc.Arbitrary<Actor> = fc.record({
  userId: fc.option(fc.integer({ min: 1, max: 4 })),
  isSuperuser: fc.boolean(),
  isStaff: fc.boolean(),
  responsabile: fc.option(
    fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      attivo: fc.boolean(),
      ruolo: fc.constantFrom('sp' as const, 'ss' as const),
      puoIscriversiGareUfficiali: fc.boolean(),
      scuolaIds: fc.subarray([1, 2, 3]),
      squadraIds: ids,
    }),
  ),
});

const eventoArb: fc.Arbitrary<EventoAccess> = fc.record({
  id: fc.integer({ min: 1, max: 2 }),
  tipologia: fc.constantFrom('o' as const, 'pub' as const, 'priv' as const),
  amministratoreIds: ids,
  inseritoreIds: ids,
  inizio: time,
  fine: time,
  inizioIscrizioni: time,
  fineIscrizioni: time,
  fineModificaSquadre: time,
  fineConsegnaJolly: time,
});

const squadraArb: fc.Arbitrary<SquadraRef> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  eventoId: fc.integer({ min: 1, max: 2 }),
  scuolaId: fc.option(fc.integer({ min: 1, max: 3 })),
  responsabileIds: ids,
  poloId: fc.constant(null),
});

const hasBase = (a: Actor) => P.hasManagementBase(a);

describe('policy invariants', () => {
  it('without an active responsabile (and not superuser) no management right', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, squadraArb, time, (a, e, s, now) => {
        fc.pre(!hasBase(a));
        const rights = [
          P.canManageEvento(a, null),
          P.canManageEvento(a, e),
          P.isEventoStaff(a, e),
          P.canEditEvento(a, e),
          P.canSubmitForSquadra(a, e, s),
          P.canRegisterTeam(a, e, now),
          P.canEditSquadra(a, e, s, now),
          P.canCreateEvento(a, e.tipologia),
          P.canCreateSecondaryManager(a),
          P.ownsSquadra(a, s),
        ];
        expect(rights.every((r) => !r)).toBe(true);
        expect(P.squadraScope(a, e)).toEqual(P.squadraScope(P.ANONYMOUS, e));
      }),
    );
  });

  it('an authenticated superuser has every right except enrolling official teams and answering before the start', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, squadraArb, time, (a0, e, s0, now) => {
        const a = { ...a0, userId: a0.userId ?? 1, isSuperuser: true };
        const s = { ...s0, eventoId: e.id };
        expect(P.canSeeEvento(a, e)).toBe(true);
        expect(P.canEditEvento(a, e)).toBe(true);
        // Nothing counts before the start, whoever submits.
        const started = now.getTime() >= e.inizio.getTime();
        expect(P.canSubmitAnswerNow(a, e, s, now)).toBe(started);
        expect(P.canSetJokerNow(a, e, s, now)).toBe(started);
        expect(P.canEditSquadra(a, e, s, now)).toBe(true);
        expect(P.canRegisterTeam(a, e, now)).toBe(e.tipologia !== 'o');
        expect(P.squadraScope(a, e)).toEqual({ all: true });
      }),
    );
  });

  it('rights nest: admin ⊂ entry staff ⊂ managers; submitting implies seeing', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, squadraArb, (a, e, s) => {
        if (P.canEditEvento(a, e)) expect(P.canDeleteAnswers(a, e)).toBe(true);
        if (P.canDeleteAnswers(a, e)) expect(P.canEnterAnswersForAllTeams(a, e)).toBe(true);
        if (P.canEnterAnswersForAllTeams(a, e)) expect(P.canManageEvento(a, e)).toBe(true);
        if (P.canSubmitForSquadra(a, e, s)) {
          expect(P.canManageEvento(a, e)).toBe(true);
          expect(P.canSeeEvento(a, e)).toBe(true);
        }
      }),
    );
  });

  it('the query scope and the predicate agree on teams of the event', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, squadraArb, (a, e, s0) => {
        const s = { ...s0, eventoId: e.id };
        expect(P.squadraInScope(P.squadraScope(a, e), s)).toBe(P.canSubmitForSquadra(a, e, s));
      }),
    );
  });

  it('a secondary manager owns only teams assigned to him', () => {
    fc.assert(
      fc.property(actorArb, squadraArb, (a, s) => {
        const r = a.responsabile;
        fc.pre(r !== null && r.ruolo === 'ss' && P.ownsSquadra(a, s));
        expect(r!.squadraIds.includes(s.id) || s.responsabileIds.includes(r!.id)).toBe(true);
      }),
    );
  });

  it('an event one cannot see grants no flag', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, time, (a, e, now) => {
        fc.pre(!P.canSeeEvento(a, e));
        const flags = P.eventoPermissionsFor(a, e, now, [
          { id: 1, responsabileUserIds: [1, 2, 3, 4] },
        ]);
        expect(Object.values(flags).some(Boolean)).toBe(false);
      }),
    );
  });

  it('once public, a file stays public', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, time, time, fc.boolean(), (a, e, t1, t2, sol) => {
        const file = {
          tipologia: sol ? 'soluzioni' : 'problemi',
          data: null,
          pubblico: true,
        } as const;
        const [early, late] = t1 <= t2 ? [t1, t2] : [t2, t1];
        if (P.canSeeFile(a, e, file, early)) expect(P.canSeeFile(a, e, file, late)).toBe(true);
      }),
    );
  });

  it('the visibility lists filter on is canSeeEvento, event by event', () => {
    fc.assert(
      fc.property(actorArb, eventoArb, (a, e) => {
        expect(P.eventoVisibleIn(P.eventoVisibility(a), e)).toBe(P.canSeeEvento(a, e));
      }),
    );
  });
});
