// Who acts on an account (issue 26, item 1): its e-mail, username, names,
// active flag, password links, password, roles and deletion. Staff run the
// back office for everyone else, but the account of a superuser or of another
// staff member is a superuser's alone: otherwise staff could send themselves
// a superuser's password link (or change his e-mail and use 'Password
// dimenticata?') and become superusers.
import { canUseAdminActions, isSuperuser } from './actor';
import type { Actor } from './types';

/** An account as the rules see it. */
export interface AccountTarget {
  readonly userId: number;
  readonly isStaff: boolean;
  readonly isSuperuser: boolean;
}

/** A staff or superuser account: only a superuser manages it. */
export function isPrivilegedAccount(
  target: Pick<AccountTarget, 'isStaff' | 'isSuperuser'>,
): boolean {
  return target.isStaff || target.isSuperuser;
}

/**
 * May change the account's data (username, names, e-mail, active flag) and
 * send it a password link: a superuser any account; staff the accounts that
 * are not staff or superuser, and their own.
 */
export function canManageAccount(actor: Actor, target: AccountTarget): boolean {
  if (isSuperuser(actor)) return true;
  if (!canUseAdminActions(actor)) return false;
  return !isPrivilegedAccount(target) || target.userId === actor.userId;
}

/** Staff and superuser flags, another user's password, deletion: a superuser only. */
export function canSetAccountRoles(actor: Actor): boolean {
  return isSuperuser(actor);
}

export function canSetAccountPassword(actor: Actor): boolean {
  return isSuperuser(actor);
}

export function canDeleteAccount(actor: Actor): boolean {
  return isSuperuser(actor);
}

/** The refusal of staff acting on a superuser's or another staff member's account. */
export const ACCOUNT_PRIVILEGIATO =
  'Solo un superutente può modificare l’account di un superutente o di un altro membro dello staff.';
