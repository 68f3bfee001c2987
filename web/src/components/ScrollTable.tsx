import type { ReactNode } from 'react';

/**
 * A horizontally scrollable wrapper for wide tables on small screens that
 * keyboard users can scroll too (focusable, named region).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
