import { Toaster } from 'sonner';
import { useIsDark } from '../../lib/dark.ts';
import { useT } from '../../lib/i18n.tsx';

/**
 * The one place pop-ups appear (dashboard, admin, share pages):
 * - at the bottom: on a desktop at the right, clear of the page's edges and of the sidebar's
 *   navigation; on a phone (sonner's breakpoint, 600px) centred and at most 20rem wide, where a toast can be swiped away. So
 *   the header (menu, search, account) and the sticky selection bars are never covered, and while
 *   a toast is shown the page gets room to scroll its last lines clear of it (styles.css);
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
  return (
    <Toaster
      theme={dark ? 'dark' : 'light'}
      position="bottom-right"
      offset={24}
      mobileOffset={{ bottom: 'max(0.5rem, env(safe-area-inset-bottom))', left: side, right: side }}
      expand
      visibleToasts={3}
      gap={8}
      style={{ zIndex: 30 }}
      richColors
      closeButton
      containerAriaLabel={t('common.toasts.label')}
      toastOptions={{ closeButtonAriaLabel: t('common.toasts.close') }}
    />
  );
}
