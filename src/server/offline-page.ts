import { LOCALE_TAGS, type Locale } from '../shared/i18n/locales.ts';
import type { MessageId } from '../shared/i18n/namespaces.ts';
import { escapeHtml } from './html.ts';
import { translate } from './i18n.ts';

/**
 * The service worker's offline page (public/sw.js caches it when it installs, so it comes in the
 * language the visitor had then): self-contained, no script (the CSP allows no inline handler;
 * "Try again" is a link to the same address).
 */
export function offlinePage(locale: Locale): string {
  const t = (id: MessageId) => escapeHtml(translate(locale, id));
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="#1e3a8a" />
    <meta name="color-scheme" content="light dark" />
    <title>${t('server.pages.offlineTitle')} · VOIP Manager</title>
    <style>
      body {
        margin: 0;
        min-height: 100vh;
        display: grid;
        place-items: center;
        font-family: system-ui, sans-serif;
        background: #f8fafc;
        color: #0f172a;
      }
      main {
        max-width: 24rem;
        padding: 2rem;
        text-align: center;
      }
      img {
        width: 64px;
        height: 64px;
      }
      h1 {
        font-size: 1.375rem;
        margin: 1rem 0 0.5rem;
      }
      p {
        color: #475569;
        line-height: 1.5;
      }
      .button {
        display: inline-block;
        margin-top: 1rem;
        padding: 0.7rem 1.2rem;
        border: 0;
        border-radius: 0.5rem;
        background: #1e3a8a;
        color: #fff;
        font: inherit;
        font-weight: 600;
        text-decoration: none;
      }
      .button:focus-visible {
        outline: 2px solid #14b8a6;
        outline-offset: 2px;
      }
      @media (prefers-color-scheme: dark) {
        body {
          background: #0a1120;
          color: #f1f5f9;
        }
        p {
          color: #b8c3d2;
        }
      }
    </style>
  </head>
  <body>
    <main>
      <img src="/icons/icon-192.png" alt="" />
      <h1>${t('server.pages.offlineHeading')}</h1>
      <p>${t('server.pages.offlineText')}</p>
      <!-- A link to this same address (the page asked for): the CSP allows no inline handler. -->
      <a class="button" href="">${t('server.pages.offlineRetry')}</a>
    </main>
  </body>
</html>
`;
}
