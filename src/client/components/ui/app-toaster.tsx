import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

/** Sonner's own phone breakpoint: below it toasts span the screen unless offsets narrow them. */
const PHONE = '(max-width: 600px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** True on a phone-sized screen (where toasts sit at the top, over the header). */
export const usePhone = () => useSyncExternalStore(subscribe, isPhone, () => false);

/**
 * The dashboard's toasts. Desktop: bottom right, clear of the page's edges. Phone: at the top,
 * centred and at most 20rem wide, over the header (the code toast keeps to its height there), so
 * neither forms' buttons nor the selection bar are covered; a toast can be swiped away.
 */
export function AppToaster() {
  const phone = usePhone();
  const side = 'max(0.5rem, calc(50% - 10rem))';
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      offset={24}
      mobileOffset={{ top: '0.375rem', left: side, right: side }}
      richColors
      closeButton
    />
  );
}
