import {
  TELEGRAM_LINK_HOURS,
  type ChannelDto,
  type ChannelEvent,
  type ChannelType,
  type QuietHours,
} from '../../../shared/channels.ts';
import type { MessageId } from '../../../shared/i18n/namespaces.ts';
import type { Translate } from '../../lib/i18n.tsx';

const HOUR_MS = 3_600_000;

/** Each type's name (brands stay as they are). */
export const CHANNEL_TYPE_TEXT: Record<ChannelType, MessageId> = {
  email: 'settings.channelTypes.email',
  telegram: 'settings.channelTypes.telegram',
  ntfy: 'settings.channelTypes.ntfy',
  discord: 'settings.channelTypes.discord',
  slack: 'settings.channelTypes.slack',
  webpush: 'settings.channelTypes.webpush',
};

/** Each event's short name, for the form and the card's badges. */
export const CHANNEL_EVENT_TEXT: Record<ChannelEvent, MessageId> = {
  'code.received': 'settings.channelEvents.codeReceived',
  'number.failing': 'settings.channelEvents.numberFailing',
  'number.recovered': 'settings.channelEvents.numberRecovered',
  'number.expiring': 'settings.channelEvents.numberExpiring',
  'number.dead': 'settings.channelEvents.numberDead',
  'expiry.digest': 'settings.channelEvents.expiryDigest',
};

/** A Telegram channel whose chat is linked (a `/start` with its link was read). */
export const isLinked = (c: Pick<ChannelDto, 'config'>) => 'linked' in c.config && c.config.linked;

/**
 * Where a channel sends: the account's email, the Telegram chat (or 'Not linked yet'), the ntfy
 * server and topic, or a Discord or Slack webhook's host (its path holds the webhook's token);
 * '' for a type this panel does not know.
 */
export function channelTarget(t: Translate, c: Pick<ChannelDto, 'type' | 'config'>): string {
  const config = c.config;
  if ('email' in config) return config.email;
  if ('linked' in config)
    return config.linked
      ? (config.chat ?? t('settings.channels.linked'))
      : t('settings.channels.notLinked');
  if ('topic' in config) return `${config.serverUrl.replace(/^https?:\/\//, '')}/${config.topic}`;
  if ('endpoint' in config) return config.device ?? config.pushService;
  if ('webhookUrl' in config) {
    try {
      return new URL(config.webhookUrl).host;
    } catch {
      return config.webhookUrl;
    }
  }
  return '';
}

/** A time zone as people read it: 'America/New York'. */
export const zoneName = (tz: string) => tz.replaceAll('_', ' ');

/** '22:00–07:00 Europe/Berlin', and ' · new codes are sent anyway' when they are. */
export const quietHoursText = (t: Translate, q: QuietHours) =>
  `${q.start}–${q.end} ${zoneName(q.timeZone)}${q.codes ? ` · ${t('settings.channels.codesAnyway')}` : ''}`;

/** Reminders before an end date: '7, 3 and 1 days before, and on the day', 'On the day'. */
export function remindersText(t: Translate, days: readonly number[]) {
  const before = [...days].filter((d) => d > 0).sort((a, b) => b - a);
  const onTheDay = days.includes(0);
  if (before.length === 0) return onTheDay ? t('settings.reminders.onTheDay') : '';
  const text =
    before.length === 1
      ? t('settings.reminders.daysBefore', { count: before[0] })
      : t('settings.reminders.listBefore', {
          list: before.slice(0, -1).join(t('settings.reminders.separator')),
          last: before.at(-1),
        });
  return onTheDay ? t('settings.reminders.andOnTheDay', { before: text }) : text;
}

/** Reminder days as the form shows them: '7, 3, 1, 0'. */
export const formatReminderDays = (days: readonly number[]) => days.join(', ');

/**
 * The days typed in the form ('7, 3, 1, 0'), as numbers, sent as typed: the server names what is
 * wrong under the field (a word stays NaN, sent as null: 'Days must be whole numbers').
 */
export const parseReminderDays = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((d) => (/^-?\d+(\.\d+)?$/.test(d) ? Number(d) : NaN));

/** A Telegram channel waits for its chat: not linked, and its link (made with it) still works. */
export const linkPending = (items: readonly ChannelDto[], now = Date.now()) =>
  items.some(
    (c) =>
      c.type === 'telegram' &&
      !isLinked(c) &&
      Date.parse(c.createdAt) + TELEGRAM_LINK_HOURS * HOUR_MS > now,
  );

/** The browser's time zone (the default of quiet hours), or UTC when it names none. */
export function localTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The time zones the select offers: the browser's list, with `current` in it. */
export function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  return zones.includes(current) ? zones : [current, ...zones];
}
