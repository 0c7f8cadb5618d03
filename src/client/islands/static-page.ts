/**
 * The only script of the pre-rendered public pages that have no form (/, /about, /privacy,
 * /terms; scripts/prerender.tsx decides). Those pages are not hydrated: their HTML is the React
 * components rendered at build time, and this island (no React, no router) does what they need at
 * run time: the public header's mobile menu and the landing page's live counts. Links between
 * pages are plain page loads; #anchors scroll natively. It mirrors, on the same markup, what
 * `SiteHeader` (app/layouts/public-layout.tsx) and `StatsSection`
 * (features/landing/components/stats-section.tsx) do when the React app renders them.
 */
import type { PublicStats } from '../../shared/api.ts';
import { buttonClass } from '../components/ui/button-styles.ts';
import { ApiError, apiGet } from '../lib/api.ts';

/** The header's menu button opens #mobile-nav; a link in it or Escape closes it. */
function mobileMenu() {
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls="mobile-nav"]');
  const panel = document.getElementById('mobile-nav');
  if (!button || !panel) return;
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    for (const icon of button.querySelectorAll<SVGElement>('[data-menu-when]')) {
      icon.classList.toggle('hidden', (icon.dataset.menuWhen === 'open') !== open);
    }
    const label = button.querySelector('[data-menu-label]');
    if (label) label.textContent = open ? 'Close menu' : 'Open menu';
  };
  button.addEventListener('click', () => setOpen(!isOpen()));
  panel.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
}

/**
 * formatCount of lib/format.ts, made here: that module also builds three date formatters when it
 * loads, a long task on a slow phone (Lighthouse's 4× CPU) that this page does not need.
 */
let integer: Intl.NumberFormat | undefined;
const formatCount = (n: number) => (integer ??= new Intl.NumberFormat('en-US')).format(n);

/** As the React app's query: refreshed every 5 s (STATS_REFRESH_MS) while the page is visible. */
const REFRESH_MS = 5_000;
/** As app/query-client.ts: at most 2 quick retries (0.5 s, 1 s), only for transient failures. */
const MAX_RETRIES = 2;
const transient = (e: unknown) =>
  e instanceof ApiError && (e.status === 0 || (e.status >= 502 && e.status <= 504));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const refreshIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-refresh-cw size-4" aria-hidden="true"><path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8"></path><path d="M21 3v5h-5"></path><path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16"></path><path d="M8 16H3v5"></path></svg>';
const spinner =
  '<span class="inline-flex items-center justify-center text-current"><span aria-hidden="true" class="animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] size-4 border-2"></span></span>';

/**
 * The landing page's live counts. The HTML has the loading state (skeletons in each
 * [data-stat-slot]); the first answer fills them in, later answers update them. A failure while
 * there are no counts yet replaces the list with the error and "Try again" (as StatsSection); a
 * failure after that keeps the last counts on screen.
 */
function liveStats(list: HTMLElement) {
  let data: PublicStats | undefined;
  let fetching = false;
  let fetchedAt = 0;

  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.className =
    'mx-auto mt-8 flex max-w-md flex-col items-center gap-3 rounded-xl border border-red-200 bg-white p-6 text-center';
  alert.innerHTML =
    '<p class="text-sm text-red-800">Live statistics are unavailable right now.</p>';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = buttonClass('secondary', 'sm');
  retry.addEventListener('click', () => void load());
  alert.append(retry);
  const renderRetry = () => {
    retry.disabled = fetching;
    if (fetching) retry.setAttribute('aria-busy', 'true');
    else retry.removeAttribute('aria-busy');
    retry.innerHTML = `${fetching ? spinner : ''}${refreshIcon}Try again`;
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
      const word = stats[key] === 1 ? label?.dataset.one : label?.dataset.many;
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
      for (let attempt = 0; ; attempt++) {
        try {
          data = await apiGet<PublicStats>('/v1/public/stats');
          break;
        } catch (e) {
          if (attempt >= MAX_RETRIES || !transient(e)) throw e;
          await sleep(Math.min(500 * 2 ** attempt, 1_000));
        }
      }
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
const list = document.querySelector<HTMLElement>('[data-stat-slot]')?.closest('ul');
if (list) liveStats(list);
// For tests and tools: the page's script has run.
document.documentElement.dataset.island = 'ready';
