/**
 * The public header's mobile menu on the pages that are not rendered by the React app (the
 * islands: static-page.ts, date-checker.tsx). It does, on the same markup, what `SiteHeader`
 * (app/layouts/public-layout.tsx) does when the app renders it.
 */

/** The header's menu button opens #mobile-nav; a link in it or Escape closes it. */
export function mobileMenu() {
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
    // The labels come with the page, in its language (no catalogue is loaded for them).
    const label = button.querySelector<HTMLElement>('[data-menu-label]');
    const text = open ? label?.dataset.whenOpen : label?.dataset.whenClosed;
    if (label && text) label.textContent = text;
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
