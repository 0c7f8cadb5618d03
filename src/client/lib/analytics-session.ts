/** The analytics session id: kept in sessionStorage for the tab's life (docs/product-rules.md). */
const KEY = 'vm_analytics_session';

export function analyticsSessionId(): string {
  try {
    const found = sessionStorage.getItem(KEY);
    if (found && /^[A-Za-z0-9_-]{8,64}$/.test(found)) return found;
    const id = crypto.randomUUID();
    sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    // Storage blocked (private mode, sandboxed frame): one id per page load.
    return (fallback ??= crypto.randomUUID());
  }
}
let fallback: string | undefined;
