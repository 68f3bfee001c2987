// Inputs of the permission rules (spec §6). Route code builds them from
// database rows; the policies never touch the database themselves, so every
// rule can be tested as a plain function of these shapes.

export type Tipologia = 'o' | 'pub' | 'priv';
export type Ruolo = 'sp' | 'ss';

export interface ResponsabileInfo {
  readonly id: number;
  readonly attivo: boolean;
  /** 'sp' = responsabile principale, 'ss' = responsabile di squadra. */
  readonly ruolo: Ruolo;
  readonly puoIscriversiGareUfficiali: boolean;
  readonly scuolaIds: readonly number[];
  /** Teams assigned directly (the Responsabile.squadre relation). */
  readonly squadraIds: readonly number[];
}

export interface Actor {
  /** null = anonymous visitor. */
  readonly userId: number | null;
  readonly isSuperuser: boolean;
  readonly isStaff: boolean;
  readonly responsabile: ResponsabileInfo | null;
}

export interface EventoAccess {
  readonly id: number;
  readonly tipologia: Tipologia;
  /** Responsabile ids (not user ids). */
  readonly amministratoreIds: readonly number[];
  /** Responsabile ids (not user ids). */
  readonly inseritoreIds: readonly number[];
  readonly inizio: Date;
  readonly fine: Date;
  readonly inizioIscrizioni: Date;
  readonly fineIscrizioni: Date;
  readonly fineModificaSquadre: Date;
  readonly fineConsegnaJolly: Date;
}

export interface SquadraRef {
  readonly id: number;
  readonly eventoId: number;
  readonly scuolaId: number | null;
  /** Responsabili assigned directly, including whoever registered the team. */
  readonly responsabileIds: readonly number[];
  readonly poloId: number | null;
}

export interface PoloRef {
  readonly id: number;
  /** User ids: venue managers need not have a responsabile profile. */
  readonly responsabileUserIds: readonly number[];
}

export type FileTipologia = 'problemi' | 'soluzioni';

export interface FileRef {
  readonly tipologia: FileTipologia;
  /** Explicit publication time; null = the default (event start / event end). */
  readonly data: Date | null;
  /** false withholds the file from the public even after its date. */
  readonly pubblico: boolean;
}

/** The responsabile being edited (secondary manager form). */
export interface ResponsabileTarget {
  readonly ruolo: Ruolo;
  readonly scuolaIds: readonly number[];
  readonly userId: number;
  /** User id of whoever created this manager, when known. */
  readonly createdBy?: number | null;
  /**
   * Schools of the teams assigned to this manager directly. A secondary
   * manager often has teams but no school of his own; these tie him to the
   * main manager of those schools.
   */
  readonly squadraScuolaIds?: readonly number[];
  /**
   * The account is staff or superuser (isPrivilegedAccount): no main manager
   * manages it, whatever its manager profile says.
   */
  readonly privilegiato?: boolean;
}

/**
 * Teams an actor may act on, in a form a query can turn into a WHERE clause:
 * `all`, or squadra.id IN squadraIds OR squadra.scuola IN scuolaIds OR
 * responsabileId IN squadra.responsabili. Empty lists and a null id = no team.
 */
export type SquadraScope =
  | { readonly all: true }
  | {
      readonly all: false;
      readonly squadraIds: readonly number[];
      readonly scuolaIds: readonly number[];
      readonly responsabileId: number | null;
    };

/**
 * Events an actor may see, in a form a query can turn into a WHERE clause
 * (lists filter and paginate in SQL): `all`, or the non-private events plus
 * the private ones listing `responsabileId` among administrators or
 * inseritori (null = no private event).
 */
export type EventoVisibility =
  { readonly all: true } | { readonly all: false; readonly responsabileId: number | null };

/** What the event payload tells the client the current user may do there. */
export interface EventoPermessi {
  readonly puo_modificare: boolean;
  readonly puo_inserire: boolean;
  readonly puo_consegnare: boolean;
  readonly puo_cancellare_risposte: boolean;
  readonly puo_scegliere_momento_consegna: boolean;
  readonly puo_vedere_bigliettini: boolean;
  readonly puo_invitare: boolean;
  readonly puo_iscrivere_squadre: boolean;
}
