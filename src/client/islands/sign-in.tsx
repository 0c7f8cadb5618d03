/**
 * The script of the pre-rendered /auth page (scripts/prerender.tsx): the sign-in card as a React
 * island, without the app (ADR 0011). It does what the /auth route (app/routes/auth.tsx) does in
 * the app: asks who is signed in and sends a signed-in visitor on to the page asked for (as the
 * app's session query: on load, and again when the tab comes back after 30 s), and once the code
 * is right, goes there. Leaving the page is a page load, like the links between public pages.
 */
import catalog from 'virtual:island-catalog';
import type { Me } from '../../shared/auth.ts';
import { afterSignIn } from '../features/auth/after-sign-in.ts';
import { SignInCard } from '../features/auth/components/sign-in-card.tsx';
import { trackPageView } from '../lib/analytics.ts';
import { apiGet } from '../lib/api.ts';
import { withRetries } from '../lib/retry.ts';
import { mountIsland } from './mount.tsx';

/** As the app's session query (lib/me.ts): fresh for 30 s, asked again when the tab is back. */
const SESSION_STALE_MS = 30_000;

const params = new URLSearchParams(location.search);
const next = params.get('next');
const linkError = params.get('error') === 'link';
const goOn = (me: Me) => location.replace(afterSignIn(me, next));

trackPageView();

let checkedAt = 0;
async function checkSession() {
  checkedAt = Date.now();
  try {
    const { user } = await withRetries(() => apiGet<{ user: Me | null }>('/v1/auth/session'));
    if (user) goOn(user);
  } catch {
    // The check failed: the form works anyway, as in the app.
  }
}
void checkSession();
document.addEventListener('visibilitychange', () => {
  if (!document.hidden && Date.now() - checkedAt >= SESSION_STALE_MS) void checkSession();
});

void mountIsland(<SignInCard linkError={linkError} next={next} onSignedIn={goOn} />, catalog, {
  fresh: linkError,
});
