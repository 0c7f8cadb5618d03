import { useLayoutEffect, useRef } from 'react';

/** The ⋮ button whose menu item was picked last (until a dialog takes it). */
let menuTrigger: HTMLElement | null = null;

/** Called by a menu when one of its items is picked: a dialog it opens gives focus back here. */
export const rememberMenuTrigger = (el: HTMLElement | null) => {
  menuTrigger = el;
};

/**
 * Where a dialog gives focus back when it closes (its `onCloseAutoFocus`). Radix returns focus to
 * the element focused when the dialog opened; a dialog opened from a menu item opens as the menu
 * closes, so that element is gone and focus would fall to the page. Then (focus on the page or
 * still in the menu at open) it goes back to the menu's button, unless something has taken focus
 * meanwhile; otherwise Radix's default stands.
 */
export function useDialogFocusReturn(open: boolean) {
  const target = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !!active.closest('[role="menu"]');
    target.current = lost ? menuTrigger : null;
    menuTrigger = null;
  }, [open]);
  return (event: Event) => {
    const el = target.current;
    target.current = null;
    // Something the dialog's action showed may have taken focus on purpose (a new secret): kept.
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (lost && el?.isConnected) {
      event.preventDefault();
      el.focus();
    }
  };
}
