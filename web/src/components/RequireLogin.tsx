import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginUrl } from '../api/auth';
import { useCurrentUser } from '../api/queries';
import { PageLoading } from './PageLoading';

/** Pages for logged-in users only: anonymous visitors go to the login page and come back (spec §6). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageLoading />;
  if (!user.is_authenticated) {
    return <Navigate replace to={loginUrl(location.pathname + location.search + location.hash)} />;
  }
  return children;
}
