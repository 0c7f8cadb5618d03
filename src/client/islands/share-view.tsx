import type { PublicShareState } from '../../shared/sharing.ts';
import type { PublicShareStart } from '../features/sharing/api/public-share.ts';
import { ApiError, type ApiErrorCode } from '../lib/api.ts';
import { setRenderedAt } from '../lib/use-now.ts';

/** The element holding the server's answer in a served shared page (plugins/client.ts). */
export const SHARE_STATE_ID = 'share-state';

/**
 * What a shared page's view (PublicPageView, SingleEndpointView) starts from when the server
 * rendered it (pages.server.tsx) and its island hydrates it (share-island.tsx): the server's
 * answer or its not-found error; and the time relative times are rendered at while hydrating.
 * Undefined (no state): the loading state, which reads the share.
 */
export function startOf(state?: PublicShareState): PublicShareStart<never> | undefined {
  if (!state) return undefined;
  setRenderedAt(state.renderedAt);
  if ('data' in state) return { data: state.data as never, at: state.renderedAt };
  const { code, message } = state.notFound;
  return {
    error: new ApiError({ status: 404, code: code as ApiErrorCode, message }),
    at: state.renderedAt,
  };
}
