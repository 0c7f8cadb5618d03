import { analyticsSessionId } from '../../../lib/analytics-session.ts';
import { apiPost } from '../../../lib/api.ts';

/**
 * POST /v1/blog/posts/:slug/views: fire and forget (the server counts a visitor once a day);
 * a failure changes nothing on the page.
 */
export function recordView(slug: string) {
  apiPost<{ counted: boolean }>(`/v1/blog/posts/${encodeURIComponent(slug)}/views`, {
    sessionId: analyticsSessionId(),
  }).catch(() => {});
}
