import { useEffect, useRef, type RefObject } from 'react';
import { Toaster } from 'sonner';
import { useIsDark } from '../../lib/dark.ts';
import { useT } from '../../lib/i18n.tsx';

/**
 * The one place pop-ups appear (dashboard, admin, share pages):
 * - at the bottom: on a desktop at the right, clear of the page's edges and of the sidebar's
 *   navigation; on a phone (sonner's breakpoint, 600px) centred and at most 20rem wide, where a toast can be swiped away. So
 *   the header (menu, search, account) and the sticky selection bars are never covered, and while
 *   toasts are shown the page gets room to scroll its last lines clear of them: their height, as
 *   `--toast-room` (styles.css);
 * - expanded: several toasts stack one above another and never overlap (three at a time, the
 *   rest wait their turn);
 * - under the dialogs' overlay (z-30 < z-40), so an open dialog dims them and its controls are
 *   never covered;
 * - in a polite live region (sonner's), which announces them without ever taking the focus;
 *   Alt+T moves the focus into them, and tabbing out gives it back;
 * - in the page's theme (light or dark).
 */
export function AppToaster() {
  const t = useT();
  const side = 'max(0.5rem, calc(50% - 10rem))';
  const dark = useIsDark();
  const root = useRef<HTMLDivElement>(null);
  useToastRoom(root);
  return (
    <div ref={root} className="contents">
      <Toaster
        theme={dark ? 'dark' : 'light'}
        position="bottom-right"
        offset={24}
        mobileOffset={{
          bottom: 'max(0.5rem, env(safe-area-inset-bottom))',
          left: side,
          right: side,
        }}
        expand
        visibleToasts={3}
        gap={8}
        style={{ zIndex: 30 }}
        richColors
        closeButton
        containerAriaLabel={t('common.toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('common.toasts.close') }}
      />
    </div>
  );
}

/**
 * How far up from the bottom of the window the shown toasts reach, in px (0: none shown): each
 * toaster's distance from the bottom plus its highest toast's offset in the expanded stack (sonner's
 * `--offset`) and height. Layout values only, so a toast sliding in or out counts where it lands.
 */
function toastRoom(root: ParentNode, windowHeight: number): number {
  let room = 0;
  for (const toaster of root.querySelectorAll<HTMLElement>('[data-sonner-toaster]')) {
    const base = windowHeight - toaster.getBoundingClientRect().bottom;
    for (const toast of toaster.querySelectorAll<HTMLElement>('[data-sonner-toast]')) {
      if (toast.dataset.removed === 'true' || toast.dataset.visible === 'false') continue;
      const offset = parseFloat(toast.style.getPropertyValue('--offset')) || 0;
      room = Math.max(room, base + offset + toast.offsetHeight);
    }
  }
  return Math.ceil(room);
}

/** Keeps `--toast-room` on <html> up to date with the toasts under `root`. */
function useToastRoom(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const html = document.documentElement;
    const update = () => {
      const room = toastRoom(el, window.innerHeight);
      if (room > 0) html.style.setProperty('--toast-room', `${room}px`);
      else html.style.removeProperty('--toast-room');
    };
    const observer = new MutationObserver(update);
    observer.observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['style', 'data-removed', 'data-visible'],
    });
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      html.style.removeProperty('--toast-room');
    };
  }, [root]);
}
