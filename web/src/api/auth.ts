// Current user (whoami) and session calls.
import { typedApi, type ApiBody } from './typed';

/** Used before whoami answers and whenever it fails (spec §7): the contracts' one. */
export { ANONYMOUS_USER } from '@gas/contracts';

export const fetchWhoami = (signal?: AbortSignal) =>
  typedApi.get('/api/ext-user/whoami/', 'user', { signal });

export const login = (username: string, password: string) =>
  typedApi.post('/api/auth/login/', 'user', { body: { username, password } });

export const logout = () => typedApi.post('/api/auth/logout/', 'empty');

export const changePassword = (body: ApiBody<'/api/auth/password/', 'post'>) =>
  typedApi.post('/api/auth/password/', 'empty', { body });

/** 'Password dimenticata?': the same neutral answer whether or not the address is known. */
export const passwordDimenticata = (email: string) =>
  typedApi.post('/api/auth/password-dimenticata/', 'detail', { body: { email } });

/** Whom a one-time link is for (400 when it is not valid any more). */
export const verificaTokenPassword = (token: string) =>
  typedApi.post('/api/auth/imposta-password/verifica/', 'tokenPassword', { body: { token } });

export const impostaPassword = (body: ApiBody<'/api/auth/imposta-password/', 'post'>) =>
  typedApi.post('/api/auth/imposta-password/', 'empty', { body });

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
