import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface PageProps {
  /** The page's one <h1>, also used as the document title. */
  title: string;
  children?: ReactNode;
}

/** Common frame of a page: heading and document title. */
export function Page({ title, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className="mb-4">{title}</h1>
      {children}
    </>
  );
}
