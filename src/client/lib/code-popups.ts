import { useSyncExternalStore } from 'react';
import { showCodeToast, type ToastCode } from '../components/ui/code-toast.tsx';

/** Codes the open code pop-up (and the pile held while paused) remembers; the rest are dropped. */
const CODES_KEPT = 100;
/** Where "pop-ups paused" is remembered on this device. */
const PAUSED_KEY = 'voip-manager:popups-paused';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export type CodePopupsState = {
  /** No code pop-up opens while true; codes are held and shown together on resume. */
  paused: boolean;
  /** Codes that arrived while paused, newest first. */
  held: readonly ToastCode[];
};

let state: CodePopupsState = { paused: storage()?.getItem(PAUSED_KEY) === '1', held: [] };
/** The codes in the open pop-up, newest first (empty once it closed). */
let open: ToastCode[] = [];
const listeners = new Set<() => void>();

function set(next: CodePopupsState) {
  state = next;
  for (const l of listeners) l();
}

/**
 * New codes (newest first): added to the one code pop-up (opened, or updated in place while open,
 * so a burst reads "3 new codes"), or held while pop-ups are paused.
 */
export function showCodes(fresh: readonly ToastCode[]) {
  if (fresh.length === 0) return;
  if (state.paused) {
    set({ ...state, held: [...fresh, ...state.held].slice(0, CODES_KEPT) });
    return;
  }
  open = [...fresh, ...open].slice(0, CODES_KEPT);
  showCodeToast(open, () => (open = []));
}

/** Pauses or resumes code pop-ups (remembered on this device); resuming shows what was held. */
export function setPopupsPaused(paused: boolean) {
  if (paused === state.paused) return;
  try {
    if (paused) storage()?.setItem(PAUSED_KEY, '1');
    else storage()?.removeItem(PAUSED_KEY);
  } catch {
    // Storage full or refused: the pause still holds for this page.
  }
  const held = state.held;
  set({ paused, held: [] });
  if (!paused) showCodes(held);
}

/** Forgets the open and held codes (the live stream closed, e.g. on sign-out). */
export function clearCodePopups() {
  open = [];
  if (state.held.length > 0) set({ ...state, held: [] });
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/** Whether code pop-ups are paused, and the codes held meanwhile. */
export const codePopups = () => state;

/** codePopups(), kept current in a component. */
export const useCodePopups = () => useSyncExternalStore(subscribe, codePopups, codePopups);
