import type { ReactNode } from 'react';
import type { IslandCatalog } from 'virtual:island-catalog';
import type { PublicShareState } from '../../shared/sharing.ts';
import type { PublicShareStart } from '../features/sharing/api/public-share.ts';
import { trackPageView } from '../lib/analytics.ts';
import { mountIsland } from './mount.tsx';
import { SHARE_STATE_ID, startOf } from './share-view.tsx';

/** The server's answer written into the page (`#share-state`), when it rendered one. */
function readState(kind: 'page' | 'single'): PublicShareState | undefined {
  const text = document.getElementById(SHARE_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as PublicShareState;
    return state.kind === kind ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a shared page's island (ADR 0019): hydrates the view the server rendered with its answer,
 * or, when the page came without one (the pre-rendered loading state), renders the view afresh,
 * which reads the share.
 */
export function startShareIsland(
  kind: 'page' | 'single',
  catalog: IslandCatalog,
  view: (hash: string, start: PublicShareStart<never> | undefined) => ReactNode,
) {
  const [, raw = ''] = /^\/(?:api|single)\/([^/]+)\/?$/.exec(location.pathname) ?? [];
  let hash = raw;
  try {
    hash = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the server answers it as an unknown hash.
  }
  const state = readState(kind);
  trackPageView();
  void mountIsland(view(hash, startOf(state)), catalog, { fresh: !state });
}
