import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/** Old links used hash routing: `/#/about-us/` now lives at `/about-us/` (spec §2). */
export function LegacyHashRedirect({ children }: { children: ReactNode }) {
  const { hash } = useLocation();
  if (/^#\/about-us\/?$/.test(hash)) return <Navigate replace to="/about-us/" />;
  return children;
}
