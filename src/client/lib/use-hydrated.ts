import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False on the server and while a server-rendered page hydrates, true otherwise: for what only the
 * browser knows, such as the viewer's time zone (rendered after hydration, so the HTML the server
 * sent and the first client render agree).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
