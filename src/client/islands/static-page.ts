/**
 * The only script of the pre-rendered public pages that have no form (/, /about, /privacy,
 * /terms; scripts/prerender.tsx decides). Those pages are not hydrated: their HTML is the React
 * components rendered at build time, and this island (no React, no router) does what they need at
 * run time: the public header's mobile menu, the landing page's live counts and the page view. Links between
 * pages are plain page loads; #anchors scroll natively. It mirrors, on the same markup, what
 * `SiteHeader` (app/layouts/public-layout.tsx) and `StatsSection`
 * (features/landing/components/stats-section.tsx) do when the React app renders them. It loads no
 * catalogue: the words it shows come with the page, in its language (data attributes the
 * components render).
 */
import type { PublicStats } from '../../shared/api.ts';
import { buttonClass } from '../components/ui/button-styles.ts';
import { trackPageView } from '../lib/analytics.ts';
import { apiGet } from '../lib/api.ts';
import { formatCount } from '../lib/format.ts';
import { withRetries } from '../lib/retry.ts';
import { mobileMenu } from './mobile-menu.ts';

/** As the React app's query: refreshed every 5 s (STATS_REFRESH_MS) while the page is visible. */
const REFRESH_MS = 5_000;

const refreshIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-refresh-cw size-4" aria-hidden="true"><path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8"></path><path d="M21 3v5h-5"></path><path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16"></path><path d="M8 16H3v5"></path></svg>';
const spinner =
  '<span class="inline-flex items-center justify-center text-current"><span aria-hidden="true" class="animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] size-4 border-2"></span></span>';

/**
 * The landing page's live counts. The HTML has the loading state (skeletons in each
 * [data-stat-slot]); the first answer fills them in, later answers update them. A failure while
 * there are no counts yet replaces the list with the error and "Try again" (as StatsSection); a
 * failure after that keeps the last counts on screen. Each label names its plural forms
 * (`data-forms`); the list, its error's words (`data-unavailable`, `data-retry`).
 */
function liveStats(list: HTMLElement) {
  const plural = new Intl.PluralRules(document.documentElement.lang || 'en');
  let data: PublicStats | undefined;
  let fetching = false;
  let fetchedAt = 0;

  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.className =
    'mx-auto mt-8 flex max-w-md flex-col items-center gap-3 rounded-xl border border-red-200 bg-white p-6 text-center';
  const message = document.createElement('p');
  message.className = 'text-sm text-red-800';
  message.textContent = list.dataset.unavailable ?? '';
  alert.append(message);
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = buttonClass('secondary', 'sm');
  retry.addEventListener('click', () => void load());
  alert.append(retry);
  const renderRetry = () => {
    retry.disabled = fetching;
    if (fetching) retry.setAttribute('aria-busy', 'true');
    else retry.removeAttribute('aria-busy');
    retry.innerHTML = `${fetching ? spinner : ''}${refreshIcon}`;
    retry.append(list.dataset.retry ?? '');
  };

  const show = (stats: PublicStats) => {
    for (const slot of list.querySelectorAll<HTMLElement>('[data-stat-slot]')) {
      const key = slot.dataset.statSlot as keyof PublicStats;
      let value = slot.querySelector<HTMLElement>('[data-stat]');
      if (!value) {
        value = document.createElement('span');
        value.dataset.stat = key;
        slot.replaceChildren(value);
      }
      value.textContent = formatCount(stats[key]);
      const label = list.querySelector<HTMLElement>(`[data-stat-label="${key}"]`);
      const forms = JSON.parse(label?.dataset.forms ?? '{}') as Record<string, string>;
      const word = forms[plural.select(stats[key])] ?? forms.other;
      if (label && word) label.textContent = word;
    }
    list.setAttribute('aria-busy', 'false');
    if (alert.isConnected) alert.replaceWith(list);
  };

  async function load() {
    if (fetching) return;
    fetching = true;
    renderRetry();
    try {
      // As the query client: retried only when the failure may pass by itself.
      data = await withRetries(() => apiGet<PublicStats>('/v1/public/stats'));
      show(data);
    } catch {
      if (!data && list.isConnected) list.replaceWith(alert);
    } finally {
      fetching = false;
      fetchedAt = Date.now();
      renderRetry();
    }
  }

  void load();
  setInterval(() => {
    if (!document.hidden) void load();
  }, REFRESH_MS);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && Date.now() - fetchedAt >= REFRESH_MS) void load();
  });
}

mobileMenu();
// The page view, as the app sends on each navigation (lib/analytics.ts; not with GPC or DNT).
trackPageView();
const list = document.querySelector<HTMLElement>('[data-stat-slot]')?.closest('ul');
if (list) liveStats(list);
// For tests and tools: the page's script has run.
document.documentElement.dataset.island = 'ready';
