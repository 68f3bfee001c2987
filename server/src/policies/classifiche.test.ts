import { describe, expect, it } from 'vitest';
import { canDownloadAttestato, canDownloadClassifica } from './classifiche';
import {
  ACTORS,
  N,
  POLO_ALTRO,
  POLO_SP,
  POLO_UTENTE,
  ROLES,
  Y,
  evento,
  squadra,
  type Role,
} from './testing';
import type { SquadraRef, Tipologia } from './types';

describe('canDownloadClassifica: whoever sees the scores page, and staff', () => {
  const table: Record<Role, Record<Tipologia, boolean>> = {
    anonimo: { o: Y, pub: Y, priv: N },
    utente: { o: Y, pub: Y, priv: N },
    inattivo: { o: Y, pub: Y, priv: N },
    docente: { o: Y, pub: Y, priv: N },
    sp: { o: Y, pub: Y, priv: N },
    ss: { o: Y, pub: Y, priv: N },
    inseritore: { o: Y, pub: Y, priv: Y },
    amministratore: { o: Y, pub: Y, priv: Y },
    staff: { o: Y, pub: Y, priv: Y },
    superuser: { o: Y, pub: Y, priv: Y },
  };
  it.each(ROLES)('%s', (role) => {
    for (const tip of ['o', 'pub', 'priv'] as const) {
      expect(canDownloadClassifica(ACTORS[role], evento(tip)), tip).toBe(table[role][tip]);
    }
  });
});

describe('canDownloadAttestato: administrators, venue managers, own managers', () => {
  const poli = [POLO_SP, POLO_UTENTE, POLO_ALTRO];
  // Of a public event: the team the sp, ss and docente own (no venue), a
  // team of nobody's in the profile-less user's venue, and the same in a
  // private event, which that user cannot see.
  const SQUADRE = {
    mia: squadra('pub', 'mia'),
    nelPoloUtente: { ...squadra('pub', 'altra'), poloId: POLO_UTENTE.id },
    privataNelPoloUtente: { ...squadra('priv', 'altra'), poloId: POLO_UTENTE.id },
  } satisfies Record<string, SquadraRef>;
  type Col = keyof typeof SQUADRE;
  const table: Record<Role, Record<Col, boolean>> = {
    anonimo: { mia: N, nelPoloUtente: N, privataNelPoloUtente: N },
    utente: { mia: N, nelPoloUtente: Y, privataNelPoloUtente: N },
    inattivo: { mia: N, nelPoloUtente: N, privataNelPoloUtente: N },
    docente: { mia: Y, nelPoloUtente: N, privataNelPoloUtente: N },
    sp: { mia: Y, nelPoloUtente: N, privataNelPoloUtente: N },
    ss: { mia: Y, nelPoloUtente: N, privataNelPoloUtente: N },
    inseritore: { mia: N, nelPoloUtente: N, privataNelPoloUtente: N },
    amministratore: { mia: Y, nelPoloUtente: Y, privataNelPoloUtente: Y },
    staff: { mia: N, nelPoloUtente: N, privataNelPoloUtente: N },
    superuser: { mia: Y, nelPoloUtente: Y, privataNelPoloUtente: Y },
  };
  it.each(ROLES)('%s', (role) => {
    for (const [col, s] of Object.entries(SQUADRE) as [Col, SquadraRef][]) {
      const e = evento(col === 'privataNelPoloUtente' ? 'priv' : 'pub');
      expect(canDownloadAttestato(ACTORS[role], e, s, poli), col).toBe(table[role][col]);
    }
  });

  it('a team of another event is refused, even to a superuser', () => {
    const s = squadra('o', 'mia');
    expect(canDownloadAttestato(ACTORS.superuser, evento('pub'), s, poli)).toBe(false);
  });
});
