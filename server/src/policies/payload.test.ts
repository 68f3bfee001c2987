import { describe, expect, it } from 'vitest';
import { eventoPermissionsFor } from './payload';
import { ACTORS, MOMENTI, N, POLO_SP, ROLES, TIPOLOGIE, Y, evento, type Role } from './testing';
import type { EventoPermessi, Tipologia } from './types';

// Flags in this order: modificare, inserire, consegnare, cancellare_risposte,
// scegliere_momento_consegna, vedere_bigliettini, invitare, iscrivere_squadre.
type Flags = readonly [boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean];

function permessi(f: Flags): EventoPermessi {
  return {
    puo_modificare: f[0],
    puo_inserire: f[1],
    puo_consegnare: f[2],
    puo_cancellare_risposte: f[3],
    puo_scegliere_momento_consegna: f[4],
    puo_vedere_bigliettini: f[5],
    puo_invitare: f[6],
    puo_iscrivere_squadre: f[7],
  };
}

const NESSUNO: Flags = [N, N, N, N, N, N, N, N];

// Enrolment open; the event's sessions have one venue, managed by the sp.
const opened: Record<Role, Record<Tipologia, Flags>> = {
  anonimo: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  utente: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  inattivo: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  docente: {
    o: NESSUNO,
    pub: [N, N, Y, N, N, N, N, Y],
    priv: NESSUNO,
  },
  sp: {
    o: [N, N, Y, N, N, Y, N, N],
    pub: [N, N, Y, N, N, Y, N, Y],
    priv: NESSUNO, // cannot see the event: its venue gives nothing
  },
  ss: {
    o: [N, N, Y, N, N, N, N, N],
    pub: [N, N, Y, N, N, N, N, N],
    priv: NESSUNO,
  },
  inseritore: {
    o: [N, Y, Y, Y, Y, N, N, N],
    pub: [N, Y, Y, Y, Y, N, N, Y],
    priv: [N, Y, Y, Y, Y, N, N, Y],
  },
  amministratore: {
    o: [Y, Y, Y, Y, Y, N, Y, N],
    pub: [Y, Y, Y, Y, Y, N, Y, Y],
    priv: [Y, Y, Y, Y, Y, N, Y, Y],
  },
  staff: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  superuser: {
    o: [Y, Y, Y, Y, Y, Y, Y, N],
    pub: [Y, Y, Y, Y, Y, Y, Y, Y],
    priv: [Y, Y, Y, Y, Y, Y, Y, Y],
  },
};

// After the end: only puo_iscrivere_squadre depends on the clock.
const ended: Record<Role, Record<Tipologia, Flags>> = {
  anonimo: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  utente: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  inattivo: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  docente: { o: NESSUNO, pub: [N, N, Y, N, N, N, N, N], priv: NESSUNO },
  sp: {
    o: [N, N, Y, N, N, Y, N, N],
    pub: [N, N, Y, N, N, Y, N, N],
    priv: NESSUNO,
  },
  ss: {
    o: [N, N, Y, N, N, N, N, N],
    pub: [N, N, Y, N, N, N, N, N],
    priv: NESSUNO,
  },
  inseritore: {
    o: [N, Y, Y, Y, Y, N, N, N],
    pub: [N, Y, Y, Y, Y, N, N, N],
    priv: [N, Y, Y, Y, Y, N, N, N],
  },
  amministratore: {
    o: [Y, Y, Y, Y, Y, N, Y, N],
    pub: [Y, Y, Y, Y, Y, N, Y, Y],
    priv: [Y, Y, Y, Y, Y, N, Y, Y],
  },
  staff: { o: NESSUNO, pub: NESSUNO, priv: NESSUNO },
  superuser: {
    o: [Y, Y, Y, Y, Y, Y, Y, N],
    pub: [Y, Y, Y, Y, Y, Y, Y, Y],
    priv: [Y, Y, Y, Y, Y, Y, Y, Y],
  },
};

describe.each([
  ['enrolment open', MOMENTI.m2_iscrizioniAperte, opened],
  ['after the end', MOMENTI.m7_finito, ended],
] as const)('eventoPermissionsFor, %s', (_label, now, table) => {
  const rows = ROLES.flatMap((role) =>
    TIPOLOGIE.map((tip) => ({ role, tip, expected: permessi(table[role][tip]) })),
  );
  it.each(rows)('$role · $tip', ({ role, tip, expected }) => {
    expect(eventoPermissionsFor(ACTORS[role], evento(tip), now, [POLO_SP])).toEqual(expected);
  });
});

describe('eventoPermissionsFor without venues', () => {
  it('never shows the delivery slips', () => {
    const now = MOMENTI.m2_iscrizioniAperte;
    expect(eventoPermissionsFor(ACTORS.superuser, evento('o'), now).puo_vedere_bigliettini).toBe(N);
    expect(eventoPermissionsFor(ACTORS.sp, evento('o'), now).puo_vedere_bigliettini).toBe(N);
  });
});
