import { describe, expect, it } from 'vitest';
import { dailyPoints, formatDay, hasAny } from './series.ts';

describe('dashboard series', () => {
  it('labels UTC days as month and day, whatever the viewer’s zone', () => {
    expect(formatDay('2025-03-05')).toBe('Mar 5');
    expect(formatDay('2024-12-31')).toBe('Dec 31');
    expect(formatDay('garbage')).toBe('garbage');
  });
  it('keeps the order and the counts', () => {
    const points = dailyPoints(
      [
        { date: '2025-01-30', count: 0 },
        { date: '2025-01-31', count: 4 },
      ],
      'en',
    );
    expect(points).toEqual([
      { label: 'Jan 30', value: 0 },
      { label: 'Jan 31', value: 4 },
    ]);
    expect(hasAny(points)).toBe(true);
    expect(hasAny([{ label: 'Jan 30', value: 0 }])).toBe(false);
  });
  it('names the days in the reader’s language', () => {
    expect(dailyPoints([{ date: '2025-03-05', count: 1 }], 'ru')[0]!.label).toBe('5 мар.');
    expect(dailyPoints([{ date: '2025-03-05', count: 1 }], 'zh-CN')[0]!.label).toBe('3月5日');
  });
});
