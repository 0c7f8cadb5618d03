import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_TYPES, ANALYTICS_RANGES } from '../../../shared/analytics.ts';
import {
  EVENT_TYPE_OPTIONS,
  HOUR_LABELS,
  RANGES,
  formatSessionLength,
  rangeOf,
  typeOf,
} from './filters.ts';

describe('analytics filters', () => {
  it('offers exactly the shared ranges and event types, in their order', () => {
    expect(RANGES).toEqual([...ANALYTICS_RANGES]);
    expect(EVENT_TYPE_OPTIONS.map((o) => o.value)).toEqual([...ANALYTICS_EVENT_TYPES]);
    expect(EVENT_TYPE_OPTIONS[0]).toEqual({ value: 'page_view', label: 'Page View' });
  });
  it('reads the URL, falling back to 7d and all types', () => {
    expect(rangeOf('30d')).toBe('30d');
    expect(rangeOf(null)).toBe('7d');
    expect(rangeOf('365d')).toBe('7d');
    expect(rangeOf('toString')).toBe('7d');
    expect(typeOf('page_view')).toBe('page_view');
    expect(typeOf('drop_table')).toBeUndefined();
    expect(typeOf('constructor')).toBeUndefined();
    expect(typeOf(null)).toBeUndefined();
  });
});

describe('formatSessionLength', () => {
  it('shows minutes and seconds, seconds alone, or hours and minutes', () => {
    expect(formatSessionLength(252)).toBe('4m 12s');
    expect(formatSessionLength(45)).toBe('45s');
    expect(formatSessionLength(44.6)).toBe('45s');
    expect(formatSessionLength(0)).toBe('0s');
    expect(formatSessionLength(60)).toBe('1m 0s');
    expect(formatSessionLength(3780)).toBe('1h 3m');
  });
  it('shows a dash without sessions', () => {
    expect(formatSessionLength(null)).toBe('—');
    expect(formatSessionLength(Number.NaN)).toBe('—');
  });
});

describe('HOUR_LABELS', () => {
  it('labels the 24 buckets 00 to 23', () => {
    expect(HOUR_LABELS).toHaveLength(24);
    expect(HOUR_LABELS[0]).toBe('00');
    expect(HOUR_LABELS[23]).toBe('23');
  });
});
