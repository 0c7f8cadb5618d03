import { useEffect } from 'react';
import { currentSiteName } from './site-info.ts';

/** Sets document.title to "{title} · {site name}" (or just the site name). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    const site = currentSiteName();
    document.title = title ? `${title} · ${site}` : site;
  }, [title]);
}
