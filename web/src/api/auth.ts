// Current user (whoami) and session calls.
import type { User } from '@gas/contracts';
import { api } from './client';

/** Used before whoami answers and whenever it fails (spec §7). */
export const ANONYMOUS_USER: User = Object.freeze({
  id: null,
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  is_superuser: false,
  is_staff: false,
  is_authenticated: false,
  responsabile: null,
});

export const fetchWhoami = (signal?: AbortSignal) =>
  api.get('/api/ext-user/whoami/', 'user', undefined, { signal });

export const login = (username: string, password: string) =>
  api.post('/api/auth/login/', 'user', { username, password });

export const logout = () => api.post('/api/auth/logout/', 'empty');

export const changePassword = (payload: {
  old_password: string;
  new_password: string;
  confirm_password: string;
}) => api.post('/api/auth/password/', 'empty', payload);

/** 'Password dimenticata?': the same neutral answer whether or not the address is known. */
export const passwordDimenticata = (email: string) =>
  api.post('/api/auth/password-dimenticata/', 'detail', { email });

/** Whom a one-time link is for (400 when it is not valid any more). */
export const verificaTokenPassword = (token: string) =>
  api.post('/api/auth/imposta-password/verifica/', 'tokenPassword', { token });

export const impostaPassword = (payload: {
  token: string;
  password: string;
  confirm_password: string;
}) => api.post('/api/auth/imposta-password/', 'empty', payload);

/** The login page, coming back to `next` (path + query + hash) afterwards. */
export function loginUrl(next: string): string {
  return `/accounts/login/?${new URLSearchParams({ next }).toString()}`;
}

/** Only same-site paths are followed after login (no open redirect). */
export function safeNext(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}
