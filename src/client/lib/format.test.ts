import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '../../server/i18n.ts';
import { LOCALE_TAGS } from '../../shared/i18n/locales.ts';
import { daysLeftLabel, formatEndDate } from './expiry.ts';
import { formatAge, formatCount, formatFullTime, formatMessageTime } from './format.ts';
import type { Translate } from './i18n.tsx';

describe('formatters', () => {
  const { DateTimeFormat, NumberFormat } = Intl;
  afterEach(() => {
    Intl.DateTimeFormat = DateTimeFormat;
    Intl.NumberFormat = NumberFormat;
    vi.resetModules();
  });

  it('are made on first use, once, not when the module loads (a long task on a slow phone)', async () => {
    const made = { dates: 0, numbers: 0 };
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        made.dates++;
      }
    } as typeof DateTimeFormat;
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        made.numbers++;
      }
    } as typeof NumberFormat;
    vi.resetModules();
    const format = await import('./format.ts');
    const expiry = await import('./expiry.ts');
    expect(made).toEqual({ dates: 0, numbers: 0 });
    expect(format.formatCount(1234)).toBe('1,234');
    expect(format.formatCount(5)).toBe('5');
    expect(made).toEqual({ dates: 0, numbers: 1 });
    expect(expiry.formatEndDate('2026-03-05T00:00:00.000Z')).toBe('Mar 5, 2026');
    expect(expiry.formatEndDate('2026-03-06T00:00:00.000Z')).toBe('Mar 6, 2026');
    expect(made).toEqual({ dates: 1, numbers: 1 });
  });
});

describe('in the reader’s language', () => {
  const t = (locale: 'en' | 'zh' | 'ru' | 'es') => i18nFor(locale).t as Translate;
  const tags = LOCALE_TAGS;
  const now = new Date(2026, 2, 30, 18, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const DAY = 86_400_000;

  it('groups digits as the language does', () => {
    expect(formatCount(12345, tags.en)).toBe('12,345');
    expect(formatCount(12345, tags.zh)).toBe('12,345');
    expect(formatCount(12345, tags.ru)).toBe('12\u00a0345');
    expect(formatCount(12345, tags.es)).toBe('12.345');
  });

  it('writes end dates in the language (UTC calendar days)', () => {
    const iso = '2026-03-05T00:00:00.000Z';
    expect(formatEndDate(iso, tags.en)).toBe('Mar 5, 2026');
    expect(formatEndDate(iso, tags.zh)).toBe('2026年3月5日');
    expect(formatEndDate(iso, tags.ru)).toBe('5 мар. 2026 г.');
    expect(formatEndDate(iso, tags.es)).toBe('5 mar 2026');
  });

  it('writes message times in the language and the viewer’s time zone', () => {
    const iso = new Date(2026, 2, 3, 15, 4).toISOString();
    expect(formatMessageTime(iso, now, tags.zh)).toBe('3月3日 15:04');
    expect(formatMessageTime(iso, now, tags.ru)).toBe('3 мар., 15:04');
    expect(formatMessageTime(iso, now, tags.es)).toBe('3 mar, 15:04');
    expect(formatMessageTime(new Date(2025, 2, 3, 9, 30).toISOString(), now, tags.zh)).toBe(
      '2025年3月3日 9:30',
    );
    expect(formatFullTime(iso, tags.zh)).toMatch(/^2026年3月3日星期二 .*15:04:00$/);
    expect(formatFullTime(iso, tags.ru)).toMatch(/^вторник, 3 марта 2026 г\. в 15:04:00 /);
  });

  it('says ages in English as before', () => {
    const en = t('en');
    expect(formatAge(en, ago(30_000), now)).toBe('just now');
    expect(formatAge(en, 'not a date', now)).toBe('just now');
    expect(formatAge(en, ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatAge(en, ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(formatAge(en, ago(2 * DAY), now)).toBe('2d ago');
  });

  it('says ages with the language’s plural forms (Russian 1, 2, 5, 21)', () => {
    const ru = t('ru');
    expect(formatAge(ru, ago(30_000), now)).toBe('только что');
    expect(formatAge(ru, ago(5 * 60_000), now)).toBe('5 мин назад');
    expect(formatAge(ru, ago(3 * 3_600_000), now)).toBe('3 ч назад');
    expect([1, 2, 5, 21].map((d) => formatAge(ru, ago(d * DAY), now))).toEqual([
      '1 день назад',
      '2 дня назад',
      '5 дней назад',
      '21 день назад',
    ]);
    expect(formatAge(t('zh'), ago(5 * 60_000), now)).toBe('5 分钟前');
    expect(formatAge(t('zh'), ago(2 * DAY), now)).toBe('2 天前');
    expect(formatAge(t('es'), ago(1 * DAY), now)).toBe('hace 1 día');
    expect(formatAge(t('es'), ago(3 * DAY), now)).toBe('hace 3 días');
  });

  it('says the days left of an end date', () => {
    const en = t('en');
    expect([12, 1, 0, -1, -3].map((d) => daysLeftLabel(en, d))).toEqual([
      '12 days left',
      '1 day left',
      'Expires today',
      'Expired 1 day ago',
      'Expired 3 days ago',
    ]);
    const ru = t('ru');
    expect([1, 2, 5, 21].map((d) => daysLeftLabel(ru, d))).toEqual([
      'Остался 1 день',
      'Осталось 2 дня',
      'Осталось 5 дней',
      'Остался 21 день',
    ]);
    expect([0, -1, -5].map((d) => daysLeftLabel(ru, d))).toEqual([
      'Истекает сегодня',
      'Истёк 1 день назад',
      'Истёк 5 дней назад',
    ]);
    expect([3, 0, -2].map((d) => daysLeftLabel(t('zh'), d))).toEqual([
      '剩余 3 天',
      '今天到期',
      '已到期 2 天',
    ]);
    expect([1, 5, -2].map((d) => daysLeftLabel(t('es'), d))).toEqual([
      'Queda 1 día',
      'Quedan 5 días',
      'Venció hace 2 días',
    ]);
  });

  it('follows the active language (the page’s `<html lang>`) when no tag is given', () => {
    try {
      vi.stubGlobal('document', { documentElement: { lang: 'ru' } });
      expect(formatCount(12345)).toBe('12\u00a0345');
      expect(formatEndDate('2026-03-05T00:00:00.000Z')).toBe('5 мар. 2026 г.');
      vi.stubGlobal('document', { documentElement: { lang: 'zh-CN' } });
      expect(formatEndDate('2026-03-05T00:00:00.000Z')).toBe('2026年3月5日');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(formatCount(12345)).toBe('12,345');
  });
});
