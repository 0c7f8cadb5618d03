import { useSyncExternalStore } from 'react';

/**
 * Whether the page is dark, for components that draw their own colours (charts, toasts). No query
 * client here (lib/theme.ts has the account's theme), so the public islands can use it.
 */
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tells the hooks that the `dark` class on <html> may have changed. */
export const notifyThemeChange = () => listeners.forEach((l) => l());

export const isDark = () => document.documentElement.classList.contains('dark');

/** Whether the page is dark right now (the chosen theme, or the device's for 'system'). */
export const useIsDark = () => useSyncExternalStore(subscribe, isDark, () => false);
