import type { Locale } from '../../../shared/i18n/locales.ts';
import {
  formatDateTime,
  formatDay,
  formatDuration,
  formatIn,
  translate,
  translator,
} from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { FetchOutcome } from '../../providers/safe-fetch.ts';
import webPush from 'web-push';
import type { Vapid } from '../../vapid.ts';
import { signedHeaders } from './signing.ts';
import type { ClaimedDelivery, ClaimedEndpoint } from './webhooks.repository.ts';

/**
 * Delivery targets (ADR 0017): what one attempt of a delivery sends, by the endpoint's kind. A
 * webhook gets the stored event body, signed; a channel gets the event as a message formatted for
 * its service (the code first and copyable). HTTP targets go through the SSRF-safe fetcher, email
 * through the configured mailer. Nothing else of the delivery worker depends on the kind.
 */

/** An attempt's outcome: an HTTP one, or a mail handed to the mailer (no HTTP status). */
export type SendOutcome =
  | FetchOutcome
  | { ok: true; status: null; body: string }
  /** Where it went is gone for good (a push subscription ended): no retry, the endpoint off. */
  | (Extract<FetchOutcome, { ok: false }> & { gone: true });
export type Send = (
  e: ClaimedEndpoint,
  d: ClaimedDelivery,
  at: Date,
  secrets: () => string[],
) => Promise<SendOutcome>;

/** A notification's parts, from the stored event: every channel formats these. */
export type Notice = {
  title: string;
  /** The lines under the title (plain text). */
  lines: string[];
  code: string | null;
  /** The words of the button that copies `code` (a push notification's action). */
  copyLabel?: string;
  /** A code is urgent (it expires within minutes); warnings and reminders are not. */
  urgent: boolean;
  /** ntfy tags (shown as emoji). */
  tags: string[];
};

type EventBody = { type: string; data: Record<string, unknown> };
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The notification of a stored event body (the webhook payload, see shared/webhooks.ts), in the
 * owner's language; its dates are UTC days and times.
 */
export function noticeOf(body: string, locale: Locale): Notice {
  const { type, data } = JSON.parse(body) as EventBody;
  const t = translator(locale);
  /** An event's ISO time as `format` writes it (as it is, should it not parse). */
  const time = (iso: unknown, format: (locale: Locale, d: Date) => string) => {
    const d = new Date(str(iso));
    return Number.isNaN(d.getTime()) ? str(iso) : format(locale, d);
  };
  const day = (iso: unknown) => time(iso, formatDay);
  const phone = str(data.phoneNumber);
  switch (type) {
    case 'code.received': {
      const code = str(data.code);
      return {
        title: t('server.notices.codeTitle', { code }),
        lines: [
          t('server.notices.codeLine', { code, phone }),
          t('server.notices.codeFrom', { sender: str(data.sender), content: str(data.content) }),
        ],
        code,
        copyLabel: t('server.notices.copyCode'),
        urgent: true,
        tags: ['key'],
      };
    }
    case 'number.failing':
      return {
        title: t('server.notices.failingTitle', { phone }),
        lines: [
          t('server.notices.failingLine', { phone, failures: Number(data.failures) }),
          t('server.notices.lastError', { error: str(data.error) }),
        ],
        code: null,
        urgent: false,
        tags: ['warning'],
      };
    case 'number.recovered':
      return {
        title: t('server.notices.recoveredTitle', { phone }),
        lines: [t('server.notices.recoveredLine', { phone })],
        code: null,
        urgent: false,
        tags: ['white_check_mark'],
      };
    case 'number.dead':
      return {
        title: t('server.notices.deadTitle', { phone }),
        lines: [
          t('server.notices.deadLine', {
            phone,
            since: time(data.failingSince, formatDateTime),
          }),
          t('server.notices.lastError', { error: str(data.error) }),
          t('server.notices.deadAdvice'),
        ],
        code: null,
        urgent: false,
        tags: ['skull'],
      };
    case 'number.expiring': {
      const daysLeft = Number(data.daysLeft);
      const date = day(data.endDate);
      return {
        title:
          daysLeft <= 0
            ? t('server.notices.expiredTitle', { phone })
            : t('server.notices.expiringTitle', {
                phone,
                inDays: formatIn(locale, daysLeft, 'day'),
              }),
        lines: [
          daysLeft <= 0
            ? t('server.notices.expiredLine', { phone, date })
            : t('server.notices.expiringLine', { phone, date }),
        ],
        code: null,
        urgent: false,
        tags: ['hourglass'],
      };
    }
    case 'expiry.digest': {
      const numbers = (data.numbers ?? []) as {
        phoneNumber: string;
        endDate: string;
        daysLeft: number;
      }[];
      const shown = numbers.slice(0, DIGEST_LINES);
      return {
        title: t('server.notices.digestTitle', {
          count: numbers.length,
          period: formatDuration(locale, Number(data.days), 'day'),
        }),
        lines: [
          ...shown.map((x) =>
            x.daysLeft <= 0
              ? t('server.notices.digestLineExpired', {
                  phone: x.phoneNumber,
                  date: day(x.endDate),
                })
              : t('server.notices.digestLine', {
                  phone: x.phoneNumber,
                  inDays: formatIn(locale, x.daysLeft, 'day'),
                  date: day(x.endDate),
                }),
          ),
          ...(numbers.length > shown.length
            ? [t('server.notices.digestMore', { count: numbers.length - shown.length })]
            : []),
          t('server.notices.digestRenew'),
        ],
        code: null,
        urgent: false,
        tags: ['calendar'],
      };
    }
    case 'channel.linked':
      return {
        title: t('server.notices.linkedTitle'),
        lines: [t('server.notices.linkedLine')],
        code: null,
        urgent: false,
        tags: ['link'],
      };
    default:
      return {
        title: t('server.notices.testTitle'),
        lines: [t('server.notices.testLine')],
        code: null,
        urgent: false,
        tags: ['bell'],
      };
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Markdown code spans of Discord and Slack cannot hold a backtick: such a code is left plain. */
const codeSpan = (code: string) => (code.includes('`') ? code : `\`${code}\``);
/** Text for Discord and Slack: the code as a code span (one tap copies it). */
function markdown(n: Notice, bold: (s: string) => string) {
  const title = n.code ? n.title.replace(n.code, codeSpan(n.code)) : n.title;
  return [bold(title), ...n.lines].join('\n');
}
/** Numbers a digest lists (Telegram's and Discord's message limits). */
const DIGEST_LINES = 30;
/** Discord's limit on a message's content. */
const DISCORD_MAX = 2000;

/** What an HTTP channel sends: a JSON body to the endpoint's URL (or Telegram's Bot API). */
export function channelRequest(
  e: Pick<ClaimedEndpoint, 'kind' | 'url'>,
  n: Notice,
  secrets: () => string[],
  telegram?: { apiUrl: string; token: string },
): { url: string; headers: Record<string, string>; body: string } | { error: string } {
  const json = { 'content-type': 'application/json' };
  switch (e.kind) {
    case 'ntfy': {
      // Published as JSON to the server's root: the topic is the URL's last segment.
      const cut = e.url.lastIndexOf('/');
      const token = secrets()[0];
      return {
        url: e.url.slice(0, cut) || e.url,
        headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({
          topic: e.url.slice(cut + 1),
          title: n.title,
          message: n.lines.join('\n'),
          tags: n.tags,
          priority: n.urgent ? 4 : 3,
        }),
      };
    }
    case 'discord':
      return {
        url: e.url,
        headers: json,
        body: JSON.stringify({
          content: markdown(n, (s) => `**${s}**`).slice(0, DISCORD_MAX),
          allowed_mentions: { parse: [] },
        }),
      };
    case 'slack':
      return {
        url: e.url,
        headers: json,
        body: JSON.stringify({ text: markdown(n, (s) => `*${s}*`) }),
      };
    case 'telegram': {
      if (!telegram) return { error: 'Telegram is not set up on this site' };
      const chat = e.url.slice('tg:'.length);
      if (!chat) return { error: 'No Telegram chat is linked yet' };
      // HTML: a <code> span is copied with one tap.
      const title = n.code
        ? escapeHtml(n.title).replace(escapeHtml(n.code), `<code>${escapeHtml(n.code)}</code>`)
        : escapeHtml(n.title);
      return {
        url: `${telegram.apiUrl}/bot${telegram.token}/sendMessage`,
        headers: json,
        body: JSON.stringify({
          chat_id: chat,
          text: [`<b>${title}</b>`, ...n.lines.map(escapeHtml)].join('\n'),
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
        }),
      };
    }
    default:
      return { error: `Unknown endpoint kind ${e.kind}` };
  }
}

/**
 * A Web Push message (RFC 8030, encrypted as RFC 8291 says and signed with the site's VAPID key by
 * `web-push`): the notice as the service worker shows it (`public/sw.js`). A code is urgent and
 * useless after 10 minutes; a warning may wait a day for the device.
 */
export function pushRequest(
  e: Pick<ClaimedEndpoint, 'url'>,
  n: Notice,
  keys: string,
  vapid: Vapid,
  deliveryId: string,
) {
  const payload = JSON.stringify({
    title: n.title,
    body: n.lines.join('\n'),
    code: n.code,
    copy: n.copyLabel,
    tag: n.code ? `code-${n.code}` : deliveryId,
  });
  const r = webPush.generateRequestDetails(
    { endpoint: e.url, keys: JSON.parse(keys) as { p256dh: string; auth: string } },
    payload,
    {
      vapidDetails: vapid,
      TTL: n.code ? 600 : 86_400,
      urgency: n.urgent ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  return {
    url: r.endpoint,
    headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])),
    body: r.body,
  };
}

/** The attempt function of the delivery worker: each kind's request, sent. */
export function createSender(deps: {
  post: (
    url: string,
    headers: Record<string, string>,
    body: string | Uint8Array,
  ) => Promise<FetchOutcome>;
  mailer: Mailer;
  /** The site's Telegram bot (undefined when none is set up). */
  telegram: () => { apiUrl: string; token: string } | undefined;
  /** The site's VAPID identity (Web Push). */
  vapid: Vapid | undefined;
}): Send {
  return async (e, d, at, secrets) => {
    if (e.kind === 'webhook')
      return deps.post(
        e.url,
        signedHeaders(secrets(), d.id, Math.floor(at.getTime() / 1000), d.body),
        d.body,
      );
    const n = noticeOf(d.body, e.locale);
    if (e.kind === 'email') {
      try {
        await deps.mailer.send({
          to: e.url.slice('mailto:'.length),
          subject: n.title,
          text: [...n.lines, '', translate(e.locale, 'server.notices.emailFooter')].join('\n'),
        });
        return { ok: true, status: null, body: 'Sent' };
      } catch (err) {
        return { ok: false, kind: 'failed', error: `Mail not sent: ${(err as Error).message}` };
      }
    }
    if (e.kind === 'webpush') {
      if (!deps.vapid) return { ok: false, kind: 'invalid', error: 'Web Push is not set up' };
      const req = pushRequest(e, n, secrets()[0]!, deps.vapid, d.id);
      const out = await deps.post(req.url, req.headers, req.body);
      // 404 and 410: the browser's subscription is gone for good (RFC 8030 §7.3).
      if (!out.ok && (out.status === 404 || out.status === 410)) return { ...out, gone: true };
      return out;
    }
    const req = channelRequest(e, n, secrets, deps.telegram());
    if ('error' in req) return { ok: false, kind: 'invalid', error: req.error };
    return deps.post(req.url, req.headers, req.body);
  };
}
