import { useEffect } from 'react';

const SITE = 'VOIP Manager';

/** Sets document.title to "{title} · VOIP Manager" (or just the site name). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}
