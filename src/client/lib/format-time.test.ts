import { describe, expect, it } from 'vitest';
import { LOCALE_TAGS } from '../../shared/i18n/locales.ts';
import { formatClockTime, formatDate, formatTimeOfDay } from './format-time.ts';

describe('formatTimeOfDay', () => {
  const now = new Date(2025, 2, 30, 18, 0);
  it('shows only the time for a moment of the same day', () => {
    expect(formatTimeOfDay(new Date(2025, 2, 30, 15, 4).toISOString(), now)).toBe('3:04 PM');
    expect(formatTimeOfDay(new Date(2025, 2, 30, 0, 5).toISOString(), now)).toBe('12:05 AM');
  });
  it('puts the date first for an earlier day', () => {
    expect(formatTimeOfDay(new Date(2025, 2, 3, 9, 30).toISOString(), now)).toBe('Mar 3, 9:30 AM');
  });
  it('gives back what it cannot read', () => {
    expect(formatTimeOfDay('not a date', now)).toBe('not a date');
  });
});

describe('in the reader’s language', () => {
  const now = new Date(2025, 2, 30, 18, 0);
  it('writes times and dates as the language does', () => {
    const today = new Date(2025, 2, 30, 15, 4).toISOString();
    const earlier = new Date(2025, 2, 3, 9, 30).toISOString();
    expect(formatTimeOfDay(today, now, LOCALE_TAGS.ru)).toBe('15:04');
    expect(formatTimeOfDay(earlier, now, LOCALE_TAGS.zh)).toBe('3月3日 9:30');
    expect(formatTimeOfDay(earlier, now, LOCALE_TAGS.es)).toBe('3 mar, 9:30');
    expect(formatDate(earlier, LOCALE_TAGS.zh)).toBe('2025年3月3日');
    expect(formatDate(earlier, LOCALE_TAGS.ru)).toBe('3 мар. 2025 г.');
    expect(formatClockTime(new Date(2025, 2, 30, 15, 4, 5), LOCALE_TAGS.ru)).toBe('15:04:05');
  });
});
