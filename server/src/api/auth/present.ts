// The user as whoami, login and the profile see it.
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../policies';
import { whoamiRow } from './queries';
import { ANONYMOUS_USER } from '@gas/contracts';

export type WhoamiPayload = {
  id: number | null;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_superuser: boolean;
  is_staff: boolean;
  is_authenticated: boolean;
  responsabile: {
    id: number;
    user: number;
    attivo: boolean;
    ruolo: 'sp' | 'ss';
    puo_iscriversi_gare_ufficiali: boolean;
    newsletter: boolean;
    scuole: number[];
    squadre: number[];
  } | null;
};

/** A visitor without a session: the contracts' anonymous user, the one the web app assumes too. */
export const LOGGED_OUT: WhoamiPayload = ANONYMOUS_USER;

export async function presentWhoami(db: DbOrTx, actor: Actor): Promise<WhoamiPayload> {
  if (actor.userId === null) return LOGGED_OUT;
  const row = await whoamiRow(db, actor.userId);
  if (!row) return LOGGED_OUT;
  const r = actor.responsabile;
  return {
    id: row.user.id,
    username: row.user.username,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    email: row.user.email,
    is_superuser: row.user.isSuperuser,
    is_staff: row.user.isStaff,
    is_authenticated: true,
    responsabile: r
      ? {
          id: r.id,
          user: row.user.id,
          attivo: r.attivo,
          ruolo: r.ruolo,
          puo_iscriversi_gare_ufficiali: r.puoIscriversiGareUfficiali,
          newsletter: row.newsletter ?? false,
          scuole: [...r.scuolaIds],
          squadre: [...r.squadraIds],
        }
      : null,
  };
}
