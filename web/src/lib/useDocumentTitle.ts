import { useEffect } from 'react';

export const SITE_TITLE = 'GaS - Gara a Squadre di Fisica';

/** Sets the tab title, so each page is named for bookmarks, history and screen readers. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | GaS` : SITE_TITLE;
  }, [title]);
}
