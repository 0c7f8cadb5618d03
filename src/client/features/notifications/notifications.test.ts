import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../../server/i18n.ts';
import type { ChannelDto } from '../../../shared/channels.ts';
import type { Translate } from '../../lib/i18n.tsx';
import {
  channelTarget,
  formatReminderDays,
  linkPending,
  parseReminderDays,
  quietHoursText,
  remindersText,
  timeZones,
} from './channel-text.ts';

/** The catalogue's languages, as a component's `useT()` gives them. */
const en: Translate = (id, values) => i18nFor('en')._(id, values);
const ru: Translate = (id, values) => i18nFor('ru')._(id, values);
const zh: Translate = (id, values) => i18nFor('zh')._(id, values);

const now = Date.parse('2026-01-02T12:00:00Z');
const channel = (over: Partial<ChannelDto>): ChannelDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'email',
  config: { email: 'ann@example.com' },
  events: ['code.received'],
  numberIds: [],
  tagIds: [],
  quietHours: null,
  reminderDays: [7, 3, 1, 0],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: new Date(now).toISOString(),
  ...over,
});

describe('channelTarget', () => {
  it('says where each type sends, never a webhook path', () => {
    expect(channelTarget(en, channel({}))).toBe('ann@example.com');
    expect(
      channelTarget(en, channel({ type: 'telegram', config: { linked: false, chat: null } })),
    ).toBe('Not linked yet');
    expect(
      channelTarget(en, channel({ type: 'telegram', config: { linked: true, chat: 'Ann Lee' } })),
    ).toBe('Ann Lee');
    expect(
      channelTarget(
        en,
        channel({
          type: 'ntfy',
          config: { serverUrl: 'https://ntfy.sh', topic: 'ann-codes', hasToken: true },
        }),
      ),
    ).toBe('ntfy.sh/ann-codes');
    expect(
      channelTarget(
        en,
        channel({
          type: 'discord',
          config: { webhookUrl: 'https://discord.com/api/webhooks/1/secret-token' },
        }),
      ),
    ).toBe('discord.com');
    expect(
      channelTarget(
        en,
        channel({ type: 'slack', config: { webhookUrl: 'http://127.0.0.1:8080/hook' } }),
      ),
    ).toBe('127.0.0.1:8080');
    expect(
      channelTarget(ru, channel({ type: 'telegram', config: { linked: false, chat: null } })),
    ).toBe('Ещё не привязан');
  });
});

describe('reminders', () => {
  it('reads the days back in words', () => {
    expect(remindersText(en, [7, 3, 1, 0])).toBe('7, 3 and 1 days before, and on the day');
    expect(remindersText(en, [1])).toBe('1 day before');
    expect(remindersText(en, [2])).toBe('2 days before');
    expect(remindersText(en, [0])).toBe('On the day');
    expect(remindersText(en, [14, 7])).toBe('14 and 7 days before');
    expect(remindersText(en, [])).toBe('');
  });

  it('reads them in Russian (the noun agrees with the last number) and Chinese', () => {
    expect(remindersText(ru, [7, 3, 1, 0])).toBe('за 7, 3 и 1 день и в день окончания');
    expect(remindersText(ru, [5])).toBe('за 5 дней');
    expect(remindersText(ru, [14, 2])).toBe('за 14 и 2 дня');
    expect(remindersText(zh, [7, 3, 1, 0])).toBe('提前 7、3 和 1 天，以及到期当天');
    expect(remindersText(zh, [0])).toBe('到期当天');
  });

  it('shows and parses the form field, keeping what is wrong for the server to name', () => {
    expect(formatReminderDays([7, 3, 1, 0])).toBe('7, 3, 1, 0');
    expect(parseReminderDays('7, 3, 1, 0')).toEqual([7, 3, 1, 0]);
    expect(parseReminderDays(' 14,7 ;2  ')).toEqual([14, 7, 2]);
    expect(parseReminderDays('')).toEqual([]);
    expect(parseReminderDays('-1, 1.5, 61')).toEqual([-1, 1.5, 61]);
    expect(parseReminderDays('soon')).toEqual([NaN]);
  });
});

describe('quietHoursText', () => {
  it('says the hours, the zone and whether codes still come', () => {
    expect(
      quietHoursText(en, { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin', codes: true }),
    ).toBe('22:00–07:00 Europe/Berlin · new codes are sent anyway');
    expect(
      quietHoursText(en, { start: '23:30', end: '06:00', timeZone: 'UTC', codes: false }),
    ).toBe('23:30–06:00 UTC');
    expect(
      quietHoursText(en, {
        start: '01:00',
        end: '02:00',
        timeZone: 'America/New_York',
        codes: false,
      }),
    ).toBe('01:00–02:00 America/New York');
    expect(
      quietHoursText(ru, { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin', codes: true }),
    ).toBe('22:00–07:00 Europe/Berlin · новые коды приходят всё равно');
  });
});

describe('linkPending', () => {
  const telegram = (linked: boolean, hoursAgo = 0) =>
    channel({
      type: 'telegram',
      config: { linked, chat: linked ? 'Ann' : null },
      enabled: linked,
      createdAt: new Date(now - hoursAgo * 3_600_000).toISOString(),
    });

  it('watches the list while a Telegram channel waits for its chat and its link works', () => {
    expect(linkPending([], now)).toBe(false);
    expect(linkPending([channel({})], now)).toBe(false);
    expect(linkPending([channel({}), telegram(false)], now)).toBe(true);
    expect(linkPending([telegram(false, 23)], now)).toBe(true);
    expect(linkPending([telegram(false, 25)], now)).toBe(false);
    expect(linkPending([telegram(true)], now)).toBe(false);
  });
});

describe('timeZones', () => {
  it('offers the current zone even when the list lacks it', () => {
    expect(timeZones('Europe/Berlin')).toContain('Europe/Berlin');
    expect(timeZones('UTC')).toContain('UTC');
    expect(timeZones('Etc/Unknown')[0]).toBe('Etc/Unknown');
  });
});
