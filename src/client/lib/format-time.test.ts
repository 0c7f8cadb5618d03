import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './format-time.ts';

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
