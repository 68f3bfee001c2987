import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A client-side link styled as a Bootstrap button. */
export function LinkButton({
  to,
  variant = 'primary',
  size,
  children,
  className = '',
}: {
  to: string;
  variant?: string;
  size?: 'sm' | 'lg';
  children: ReactNode;
  className?: string;
}) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes}>
      {children}
    </Link>
  );
}
