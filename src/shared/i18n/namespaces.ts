import type admin from './catalog/en/admin.json';
import type app from './catalog/en/app.json';
import type common from './catalog/en/common.json';
import type pages from './catalog/en/pages.json';
import type publicMessages from './catalog/en/public.json';
import type server from './catalog/en/server.json';
import type settings from './catalog/en/settings.json';
import type share from './catalog/en/share.json';
import type validation from './catalog/en/validation.json';

/*
 * The catalogue is one set of keys split into files by where they are needed, so a page loads
 * only its part in only its language (ADR 0020). Each key starts with its file's name.
 *
 * - common:     every screen's shared pieces (buttons, dialogs, menus, the language switcher)
 * - validation: form and field messages (shared schemas; the server's 400s use them too)
 * - public:     the public site's header and footer, sign-in, date checker, blog
 * - pages:      the long texts of the landing, about, privacy and terms pages
 * - share:      the shared pages (/api/{hash}, /single/{hash}) and their owner-side words
 * - app:        the signed-in dashboard: numbers, messages, date checks
 * - settings:   settings, sharing management, webhooks, notification channels, API keys
 * - admin:      the admin area
 * - server:     API error messages, mails, notification texts (never sent to a browser)
 */
export const NAMESPACES = [
  'common',
  'validation',
  'public',
  'pages',
  'share',
  'app',
  'settings',
  'admin',
  'server',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the app loads: everything but the server's. */
export const APP_NAMESPACES = NAMESPACES.filter((ns) => ns !== 'server');

type Keys<T> = Extract<keyof T, string>;
/** Every key of the catalogue: a typo or a key missing from English fails to compile. */
export type MessageId =
  | Keys<typeof common>
  | Keys<typeof validation>
  | Keys<typeof publicMessages>
  | Keys<typeof pages>
  | Keys<typeof share>
  | Keys<typeof app>
  | Keys<typeof settings>
  | Keys<typeof admin>
  | Keys<typeof server>;
/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
