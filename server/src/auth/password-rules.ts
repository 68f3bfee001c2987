// What a new password must be (issue 15), with Italian messages: long
// enough, not the username (nor the e-mail's name), not one of the ~50,000
// most common passwords (the list of zxcvbn-ts, a well-kept project).
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN = 8;

export const PASSWORD_CORTA = `La password deve contenere almeno ${PASSWORD_MIN} caratteri.`;
export const PASSWORD_COME_USERNAME =
  'La password non può essere uguale al nome utente o all’e-mail.';
export const PASSWORD_COMUNE = 'Questa password è troppo comune: scegline una meno prevedibile.';
export const PASSWORD_SOLO_NUMERI = 'La password non può essere composta solo da cifre.';

let comuni: Set<string> | null = null;

/** The problems of `password` for this account; empty when it is acceptable. */
export function problemiPassword(
  password: string,
  account: { username: string; email?: string },
): string[] {
  const problemi: string[] = [];
  if ([...password].length < PASSWORD_MIN) problemi.push(PASSWORD_CORTA);
  const p = password.toLocaleLowerCase('it');
  const simili = [account.username, account.email ?? '', (account.email ?? '').split('@')[0]!]
    .map((s) => s.trim().toLocaleLowerCase('it'))
    .filter(Boolean);
  if (simili.includes(p)) problemi.push(PASSWORD_COME_USERNAME);
  comuni ??= new Set(dictionary['passwords-common'] as string[]);
  if (comuni.has(p)) problemi.push(PASSWORD_COMUNE);
  else if (/^\d+$/.test(password)) problemi.push(PASSWORD_SOLO_NUMERI);
  return problemi;
}
