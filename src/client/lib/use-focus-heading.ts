import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focus sits in a field the user is typing in (e.g. the header search, which changes the page). */
const isTyping = (el: Element | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el.matches('input:not([type=checkbox],[type=radio]), textarea, select'));

/**
 * After a client-side navigation to another page (not on the first load, and not for query or
 * hash changes such as filters or the skip link), moves focus to the new page's h1 inside
 * `#containerId` (made focusable with tabIndex -1), or to the container itself when the page has
 * no heading yet, so keyboard and screen-reader users start at the new content instead of the
 * link they used. Focus is left alone while the user is typing in a field.
 */
export function useFocusHeadingOnNavigate(containerId = 'main') {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (isTyping(document.activeElement)) return;
    const container = document.getElementById(containerId);
    const heading = container?.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) {
      heading.tabIndex = -1;
      heading.classList.add('focus:outline-none');
    }
    (heading ?? container)?.focus();
  }, [pathname, containerId]);
}
