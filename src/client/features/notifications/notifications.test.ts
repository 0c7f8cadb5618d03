import { describe, expect, it } from 'vitest';
import type { ChannelDto } from '../../../shared/channels.ts';
import {
  channelTarget,
  formatReminderDays,
  linkPending,
  parseReminderDays,
  quietHoursText,
  remindersText,
  timeZones,
} from './channel-text.ts';

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
    expect(channelTarget(channel({}))).toBe('ann@example.com');
    expect(
      channelTarget(channel({ type: 'telegram', config: { linked: false, chat: null } })),
    ).toBe('Not linked yet');
    expect(
      channelTarget(channel({ type: 'telegram', config: { linked: true, chat: 'Ann Lee' } })),
    ).toBe('Ann Lee');
    expect(
      channelTarget(
        channel({
          type: 'ntfy',
          config: { serverUrl: 'https://ntfy.sh', topic: 'ann-codes', hasToken: true },
        }),
      ),
    ).toBe('ntfy.sh/ann-codes');
    expect(
      channelTarget(
        channel({
          type: 'discord',
          config: { webhookUrl: 'https://discord.com/api/webhooks/1/secret-token' },
        }),
      ),
    ).toBe('discord.com');
    expect(
      channelTarget(
        channel({ type: 'slack', config: { webhookUrl: 'http://127.0.0.1:8080/hook' } }),
      ),
    ).toBe('127.0.0.1:8080');
  });
});

describe('reminders', () => {
  it('reads the days back in words', () => {
    expect(remindersText([7, 3, 1, 0])).toBe('7, 3 and 1 days before, and on the day');
    expect(remindersText([1])).toBe('1 day before');
    expect(remindersText([2])).toBe('2 days before');
    expect(remindersText([0])).toBe('On the day');
    expect(remindersText([14, 7])).toBe('14 and 7 days before');
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
      quietHoursText({ start: '22:00', end: '07:00', timeZone: 'Europe/Berlin', codes: true }),
    ).toBe('22:00–07:00 Europe/Berlin · new codes are sent anyway');
    expect(quietHoursText({ start: '23:30', end: '06:00', timeZone: 'UTC', codes: false })).toBe(
      '23:30–06:00 UTC',
    );
    expect(
      quietHoursText({ start: '01:00', end: '02:00', timeZone: 'America/New_York', codes: false }),
    ).toBe('01:00–02:00 America/New York');
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
