/** Where sign-in leads when no (valid) page was asked for. */
export const DEFAULT_NEXT_PATH = '/dashboard';

// Only the signed-in app's own pages: /dashboard…, the short /edit/{id} and the admin area.
const APP_PATH = /^\/(?:dashboard|edit|admin)(?:\/|$)/;
// Control characters (C0, DEL, C1) and backslashes, which some browsers read as '/'.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;
const BASE = 'http://app.invalid';

/**
 * The page to open after sign-in, from an untrusted `next` value (query string, request body):
 * a same-origin path of the signed-in app with its query and hash, normalised and
 * percent-encoded; anything else (other origins, `//host`, `/\host`, schemes such as `javascript:`,
 * control characters, pages outside the app) gives DEFAULT_NEXT_PATH.
 */
export function safeNextPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2048) return DEFAULT_NEXT_PATH;
  if (!raw.startsWith('/') || raw.startsWith('//') || UNSAFE.test(raw)) return DEFAULT_NEXT_PATH;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (url.origin !== BASE || !APP_PATH.test(url.pathname)) return DEFAULT_NEXT_PATH;
  return url.pathname + url.search + url.hash;
}

/** `path` with `?next=` (or `&next=`) carrying `next`, unless it is the default page anyway. */
export function withNext(path: string, next: string): string {
  const safe = safeNextPath(next);
  if (safe === DEFAULT_NEXT_PATH) return path;
  return `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(safe)}`;
}
