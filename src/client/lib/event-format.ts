import type { Translate } from './i18n.tsx';

/* How analytics events read in the admin area (dashboard's Recent Activity, the analytics page). */

/** 'blog_post_created' → 'Blog Post Created': underscores to spaces, each word capitalised. */
export function prettifyEventType(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** 'User ' and the first 8 characters of the user id, or 'Anonymous'. */
export const eventUser = (t: Translate, userId: string | null | undefined): string =>
  userId ? t('common.events.user', { id: userId.slice(0, 8) }) : t('common.events.anonymous');

/** The path of an event's page URL (no query or fragment); null when the event has none. */
export function eventPath(pageUrl: string | null | undefined): string | null {
  if (!pageUrl) return null;
  try {
    return new URL(pageUrl, 'http://localhost').pathname;
  } catch {
    return pageUrl.split(/[?#]/, 1)[0] || null;
  }
}
