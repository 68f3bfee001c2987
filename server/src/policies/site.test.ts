import { describe, expect, it } from 'vitest';
import { canSeeLatencyTab, canUseAdminActions } from './actor';
import { canSeeFile, fileIsPublic, filePublicationTime } from './files';
import { canSeeDeliverySlips } from './poli';
import {
  ACTORS,
  DATE,
  MOMENTI,
  N,
  POLO_ALTRO,
  POLO_SP,
  POLO_UTENTE,
  ROLES,
  TIPOLOGIE,
  Y,
  evento,
  ms,
  type Role,
} from './testing';
import type { FileRef, PoloRef, Tipologia } from './types';

describe('canSeeLatencyTab and canUseAdminActions', () => {
  const table: Record<Role, { latenza: boolean; admin: boolean }> = {
    anonimo: { latenza: N, admin: N },
    utente: { latenza: N, admin: N },
    inattivo: { latenza: N, admin: N },
    docente: { latenza: N, admin: N },
    sp: { latenza: N, admin: N },
    ss: { latenza: N, admin: N },
    inseritore: { latenza: N, admin: N },
    amministratore: { latenza: N, admin: N },
    staff: { latenza: N, admin: Y },
    superuser: { latenza: Y, admin: Y },
  };
  it.each(ROLES)('%s', (role) => {
    expect(canSeeLatencyTab(ACTORS[role])).toBe(table[role].latenza);
    expect(canUseAdminActions(ACTORS[role])).toBe(table[role].admin);
  });

  it('a staff flag without a user grants nothing', () => {
    const forged = { ...ACTORS.anonimo, isStaff: true, isSuperuser: true };
    expect(canUseAdminActions(forged)).toBe(N);
    expect(canSeeLatencyTab(forged)).toBe(N);
  });
});

describe('canSeeDeliverySlips', () => {
  const VENUES = {
    poloDelSp: [POLO_ALTRO, POLO_SP],
    poloDellUtente: [POLO_UTENTE],
    altriPoli: [POLO_ALTRO],
    nessunPolo: [],
  } satisfies Record<string, PoloRef[]>;
  type Col = keyof typeof VENUES;
  const table: Record<Role, Record<Col, boolean>> = {
    anonimo: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    utente: { poloDelSp: N, poloDellUtente: Y, altriPoli: N, nessunPolo: N },
    inattivo: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    docente: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    sp: { poloDelSp: Y, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    ss: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    inseritore: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    amministratore: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    staff: { poloDelSp: N, poloDellUtente: N, altriPoli: N, nessunPolo: N },
    superuser: { poloDelSp: Y, poloDellUtente: Y, altriPoli: Y, nessunPolo: N },
  };
  const rows = ROLES.flatMap((role) =>
    (Object.keys(VENUES) as Col[]).map((col) => ({ role, col, expected: table[role][col] })),
  );
  it.each(rows)('$role · $col → $expected', ({ role, col, expected }) => {
    expect(canSeeDeliverySlips(ACTORS[role], VENUES[col])).toBe(expected);
  });
});

describe('canSeeFile', () => {
  const FILES = {
    problemi: { tipologia: 'problemi', data: null, pubblico: true },
    soluzioni: { tipologia: 'soluzioni', data: null, pubblico: true },
    // Published on purpose before the start (data earlier than inizio).
    problemiAnticipati: { tipologia: 'problemi', data: MOMENTI.m3_soloModifiche, pubblico: true },
    // Withheld: pubblico false beats the date.
    soluzioniRitirate: { tipologia: 'soluzioni', data: null, pubblico: false },
  } satisfies Record<string, FileRef>;
  type Kind = keyof typeof FILES;
  type Cols = Record<Kind, readonly [boolean, boolean, boolean]>; // [m4 before start, m5 running, m7 ended]
  const PUBBLICO: Cols = {
    problemi: [N, Y, Y],
    soluzioni: [N, N, Y],
    problemiAnticipati: [Y, Y, Y],
    soluzioniRitirate: [N, N, N],
  };
  const SEMPRE: Cols = {
    problemi: [Y, Y, Y],
    soluzioni: [Y, Y, Y],
    problemiAnticipati: [Y, Y, Y],
    soluzioniRitirate: [Y, Y, Y],
  };
  const MAI: Cols = {
    problemi: [N, N, N],
    soluzioni: [N, N, N],
    problemiAnticipati: [N, N, N],
    soluzioniRitirate: [N, N, N],
  };
  const table: Record<Role, Record<Tipologia, Cols>> = {
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
      (Object.keys(FILES) as Kind[]).flatMap((kind) =>
        moments.map((at, i) => ({ role, tip, kind, at, expected: table[role][tip][kind][i] })),
      ),
    ),
  );
  it.each(rows)('$role · $tip · $kind · $at → $expected', ({ role, tip, kind, at, expected }) => {
    expect(canSeeFile(ACTORS[role], evento(tip), FILES[kind], MOMENTI[at])).toBe(expected);
  });

  it('publishes at exactly inizio / fine / data', () => {
    const e = evento('pub');
    const p = FILES.problemi;
    const s = FILES.soluzioni;
    expect(fileIsPublic(e, p, ms(DATE.inizio, -1))).toBe(N);
    expect(fileIsPublic(e, p, DATE.inizio)).toBe(Y);
    expect(fileIsPublic(e, s, ms(DATE.fine, -1))).toBe(N);
    expect(fileIsPublic(e, s, DATE.fine)).toBe(Y);
    expect(filePublicationTime(e, FILES.problemiAnticipati)).toEqual(MOMENTI.m3_soloModifiche);
    const late: FileRef = { tipologia: 'problemi', data: MOMENTI.m7_finito, pubblico: true };
    expect(fileIsPublic(e, late, MOMENTI.m5_inCorsoJolly)).toBe(N);
  });
});
