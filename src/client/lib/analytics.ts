/**
 * First-party analytics from the browser: page views and the client events (product rules), sent to
 * `POST /v1/analytics/events` (no third-party anything). Fire-and-forget: one `fetch` with
 * `keepalive` (so a view sent as the page unloads still leaves), errors ignored, no retries.
 * Nothing is sent when the browser asks not to be tracked (Global Privacy Control, or Do Not
 * Track '1'). Paths holding secrets are redacted before they leave: `/api/{hash}` and
 * `/single/{hash}` (the hash is the page's key), `/dashboard/edit/{id}` and `/edit/{id}`; the
 * query parameters that may hold personal data or secrets (q, email, token, code) are dropped and
 * a `next` path is redacted the same way.
 *
 * No React, router or zod here: the pre-rendered pages' island (islands/static-page.ts) uses it too.
 */
import type { ClientEventType } from '../../shared/analytics.ts';
import { analyticsSessionId } from './analytics-session.ts';

export const EVENTS_URL = '/v1/analytics/events';
/** The server refuses longer URLs (MAX_EVENT_URL_LENGTH in shared/analytics.ts). */
const MAX_URL = 2048;

/** A path segment that is a secret or an id, and what is sent in its place. */
const REDACTED: [RegExp, string][] = [
  [/^\/+api\/+[^/]+/i, '/api/:hash'],
  [/^\/+single\/+[^/]+/i, '/single/:hash'],
  [/^\/+dashboard\/+edit\/+[^/]+/i, '/dashboard/edit/:id'],
  [/^\/+edit\/+[^/]+/i, '/edit/:id'],
];
/** Query parameters never sent (search text, addresses, sign-in tokens and codes). */
const DROPPED_PARAMS = new Set(['q', 'email', 'token', 'code']);

/** `pathname` with its secret part replaced; true when something was replaced. */
function redact(pathname: string): [string, boolean] {
  for (const [pattern, replacement] of REDACTED) {
    if (pattern.test(pathname)) return [pathname.replace(pattern, replacement), true];
  }
  return [pathname, false];
}

/** The path as sent: `/api/abc…` → `/api/:hash`, and so on; any other path as it is. */
export const redactPath = (pathname: string): string => redact(pathname)[0];

/**
 * The page URL to send: path and query, redacted. A redacted path loses its whole query; other
 * queries lose the parameters in DROPPED_PARAMS, and `next` (a path to go to after sign-in) is
 * redacted like a path.
 */
export function pageUrlOf(loc: { pathname: string; search: string }): string {
  const [path, secret] = redact(loc.pathname || '/');
  if (secret || !loc.search || loc.search === '?') return path.slice(0, MAX_URL);
  const params = new URLSearchParams(loc.search);
  for (const key of [...params.keys()]) {
    if (DROPPED_PARAMS.has(key.toLowerCase())) params.delete(key);
  }
  const next = params.get('next');
  if (next !== null) {
    let nextPath = next;
    let nextSearch = '';
    const q = next.indexOf('?');
    if (q >= 0) [nextPath, nextSearch] = [next.slice(0, q), next.slice(q)];
    params.set('next', pageUrlOf({ pathname: nextPath, search: nextSearch }));
  }
  const search = params.toString();
  return (search ? `${path}?${search}` : path).slice(0, MAX_URL);
}

/** The referrer to send: a same-site one redacted like the page; another site's as given. */
export function referrerOf(referrer: string, origin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    if (url.origin === origin) return pageUrlOf(url);
  } catch {
    return undefined;
  }
  return referrer.slice(0, MAX_URL);
}

type PrivacyNavigator = { globalPrivacyControl?: unknown; doNotTrack?: string | null };

/** False when the browser asks not to be tracked: Global Privacy Control on, or Do Not Track '1'. */
export function trackingAllowed(
  nav: PrivacyNavigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): boolean {
  if (!nav) return false;
  return nav.globalPrivacyControl !== true && nav.doNotTrack !== '1';
}

/** Sends one event; never throws, never retries, never waits. */
function send(body: Record<string, unknown>) {
  if (!trackingAllowed()) return;
  try {
    void fetch(EVENTS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: analyticsSessionId(), ...body }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself threw (a keepalive quota, an old browser): the event is lost, as designed.
  }
}

/** One tracked event about the current page (`data` is capped at 4 KB by the server). */
export function trackEvent(type: ClientEventType, data?: Record<string, unknown>) {
  send({ type, pageUrl: pageUrlOf(location), ...(data ? { data } : {}) });
}

let referrerSent = false;

/** A page view of `loc` (the current location by default); the referrer goes with the first only. */
export function trackPageView(loc: { pathname: string; search: string } = location) {
  const referrer = referrerSent ? undefined : referrerOf(document.referrer, location.origin);
  referrerSent = true;
  send({ type: 'page_view', pageUrl: pageUrlOf(loc), ...(referrer ? { referrer } : {}) });
}

type RouterLike = {
  state: { location: { pathname: string; search: string } };
  subscribe: (fn: (state: { location: { pathname: string; search: string } }) => void) => unknown;
};

/**
 * Page views of the single-page app: one for the first page, then one each time the router's
 * path changes. A change of the query alone (a search typed, a tab or filter picked: those are
 * kept in the URL) is the same page and is not counted again.
 */
export function trackPageViews(router: RouterLike) {
  let last = router.state.location.pathname;
  trackPageView(router.state.location);
  router.subscribe((state) => {
    if (state.location.pathname === last) return;
    last = state.location.pathname;
    trackPageView(state.location);
  });
}
