// Shared fixtures of the permission tests: one actor per role of spec §6,
// one event per tipologia, three teams per event, seven moments on one
// timeline. Tests only; nothing in the policies imports this file.
import type {
  Actor,
  EventoAccess,
  PoloRef,
  ResponsabileInfo,
  SquadraRef,
  Tipologia,
} from './types';

export const Y = true;
export const N = false;

export const ROLES = [
  'anonimo',
  'utente', // logged in, no responsabile profile
  'inattivo', // sp with every flag and listed everywhere, but attivo = false
  'docente', // sp without puo_iscriversi_gare_ufficiali
  'sp', // main manager with the official flag
  'ss', // secondary manager, official flag inherited
  'inseritore',
  'amministratore',
  'staff', // is_staff, no responsabile
  'superuser', // no responsabile
] as const;
export type Role = (typeof ROLES)[number];

export const TIPOLOGIE: readonly Tipologia[] = ['o', 'pub', 'priv'];

// Responsabile ids; user id = 100 + responsabile id for those who have one.
export const RID = { inattivo: 1, docente: 2, sp: 3, ss: 4, inseritore: 5, amministratore: 6 };
export const SCUOLA_SP = 10;
export const SCUOLA_DOCENTE = 20;

export const EVENTO_ID: Record<Tipologia, number> = { o: 1, pub: 2, priv: 3 };

export const SQUADRE = ['mia', 'stessaScuola', 'altra'] as const;
export type SquadraKind = (typeof SQUADRE)[number];

/**
 * - mia: school of the sp, registered by the docente (Squadra.responsabili),
 *   assigned to the ss (Responsabile.squadre): each owns it by another path;
 * - stessaScuola: same school, assigned to nobody: only the sp owns it;
 * - altra: another school, nobody's.
 */
export function squadra(tip: Tipologia, kind: SquadraKind): SquadraRef {
  const eventoId = EVENTO_ID[tip];
  const base = { eventoId, poloId: null };
  switch (kind) {
    case 'mia':
      return {
        ...base,
        id: eventoId * 100 + 1,
        scuolaId: SCUOLA_SP,
        responsabileIds: [RID.docente],
      };
    case 'stessaScuola':
      return { ...base, id: eventoId * 100 + 2, scuolaId: SCUOLA_SP, responsabileIds: [] };
    case 'altra':
      return { ...base, id: eventoId * 100 + 3, scuolaId: 99, responsabileIds: [] };
  }
}

const squadreMie = TIPOLOGIE.map((tip) => squadra(tip, 'mia').id);

function resp(id: number, over: Partial<ResponsabileInfo> = {}): ResponsabileInfo {
  return {
    id,
    attivo: true,
    ruolo: 'sp',
    puoIscriversiGareUfficiali: false,
    scuolaIds: [],
    squadraIds: [],
    ...over,
  };
}

function user(id: number, responsabile: ResponsabileInfo | null, over: Partial<Actor> = {}): Actor {
  return { userId: id, isSuperuser: false, isStaff: false, responsabile, ...over };
}

export const ACTORS: Record<Role, Actor> = {
  anonimo: { userId: null, isSuperuser: false, isStaff: false, responsabile: null },
  utente: user(100, null),
  inattivo: user(
    101,
    resp(RID.inattivo, {
      attivo: false,
      puoIscriversiGareUfficiali: true,
      scuolaIds: [SCUOLA_SP],
      squadraIds: squadreMie,
    }),
  ),
  docente: user(102, resp(RID.docente, { scuolaIds: [SCUOLA_DOCENTE] })),
  sp: user(103, resp(RID.sp, { puoIscriversiGareUfficiali: true, scuolaIds: [SCUOLA_SP] })),
  ss: user(
    104,
    resp(RID.ss, {
      ruolo: 'ss',
      puoIscriversiGareUfficiali: true,
      scuolaIds: [SCUOLA_SP],
      squadraIds: squadreMie,
    }),
  ),
  inseritore: user(105, resp(RID.inseritore)),
  amministratore: user(106, resp(RID.amministratore)),
  staff: user(107, null, { isStaff: true }),
  superuser: user(108, null, { isSuperuser: true, isStaff: true }),
};

const h = (iso: string) => new Date(iso);

export const DATE = {
  inizioIscrizioni: h('2026-03-01T08:00:00Z'),
  fineIscrizioni: h('2026-03-10T08:00:00Z'),
  fineModificaSquadre: h('2026-03-12T08:00:00Z'),
  inizio: h('2026-03-15T09:00:00Z'),
  fineConsegnaJolly: h('2026-03-15T09:30:00Z'),
  fine: h('2026-03-15T10:30:00Z'),
};

/** Seven moments, one in each stretch between the dates above. */
export const MOMENTI = {
  m1_primaIscrizioni: h('2026-02-20T12:00:00Z'),
  m2_iscrizioniAperte: h('2026-03-05T12:00:00Z'),
  m3_soloModifiche: h('2026-03-11T12:00:00Z'),
  m4_primaInizio: h('2026-03-14T12:00:00Z'),
  m5_inCorsoJolly: h('2026-03-15T09:15:00Z'),
  m6_inCorsoNoJolly: h('2026-03-15T10:00:00Z'),
  m7_finito: h('2026-03-16T12:00:00Z'),
};
export type Momento = keyof typeof MOMENTI;
export const MOMENTO_KEYS = Object.keys(MOMENTI) as Momento[];

/** Same staff lists on every event: the inactive profile is in both. */
export function evento(tip: Tipologia, over: Partial<EventoAccess> = {}): EventoAccess {
  return {
    id: EVENTO_ID[tip],
    tipologia: tip,
    amministratoreIds: [RID.amministratore, RID.inattivo],
    inseritoreIds: [RID.inseritore, RID.inattivo],
    ...DATE,
    ...over,
  };
}

/** A venue managed by the sp, and one managed by the profile-less user. */
export const POLO_SP: PoloRef = { id: 1, responsabileUserIds: [103] };
export const POLO_UTENTE: PoloRef = { id: 2, responsabileUserIds: [100] };
export const POLO_ALTRO: PoloRef = { id: 3, responsabileUserIds: [999] };

export const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);
