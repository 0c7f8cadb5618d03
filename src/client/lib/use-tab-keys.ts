import { useRef, type KeyboardEvent } from 'react';

/**
 * Keyboard use of a tab list (WAI-ARIA tabs, automatic activation): ArrowRight / ArrowLeft move to
 * the next / previous tab (wrapping), Home / End to the first / last; the new tab is selected and
 * focused. Put `onKeyDown` on the `role="tablist"` element and `tabRef(t)` as each tab's ref.
 * The move starts from the tab the key was pressed on, not from the rendered selection, so keys
 * pressed faster than React re-renders still step one tab each.
 */
export function useTabKeys<T extends string>(
  tabs: readonly T[],
  current: T,
  select: (tab: T) => void,
) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent) => {
    const from = tabs.find((t) => refs.current.get(t) === e.target) ?? current;
    const i = tabs.indexOf(from);
    const n = tabs.length;
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % n]
        : e.key === 'ArrowLeft'
          ? tabs[(i + n - 1) % n]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[n - 1]
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    select(next);
    refs.current.get(next)?.focus();
  };
  const tabRef = (tab: T) => (el: HTMLButtonElement | null) => {
    if (el) refs.current.set(tab, el);
    else refs.current.delete(tab);
  };
  return { onKeyDown, tabRef };
}
