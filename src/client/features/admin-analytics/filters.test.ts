import { describe, expect, it } from 'vitest';
import { ANALYTICS_EVENT_TYPES, ANALYTICS_RANGES } from '../../../shared/analytics.ts';
import { translate } from '../../../server/i18n.ts';
import { eventTypeLabel } from '../../lib/event-types.ts';
import type { Translate } from '../../lib/i18n.tsx';
import {
  EVENT_TYPES,
  HOUR_LABELS,
  RANGES,
  formatSessionLength,
  rangeOf,
  typeOf,
} from './filters.ts';

const t: Translate = (id, values) => translate('en', id, values);

describe('analytics filters', () => {
  it('offers exactly the shared ranges and event types, in their order', () => {
    expect(RANGES).toEqual([...ANALYTICS_RANGES]);
    expect(EVENT_TYPES).toEqual([...ANALYTICS_EVENT_TYPES]);
    expect(eventTypeLabel(t, 'page_view')).toBe('Page View');
    expect(eventTypeLabel(t, 'some_old_type')).toBe('Some Old Type');
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
    expect(formatSessionLength(t, 252)).toBe('4m 12s');
    expect(formatSessionLength(t, 45)).toBe('45s');
    expect(formatSessionLength(t, 44.6)).toBe('45s');
    expect(formatSessionLength(t, 0)).toBe('0s');
    expect(formatSessionLength(t, 60)).toBe('1m 0s');
    expect(formatSessionLength(t, 3780)).toBe('1h 3m');
  });
  it('shows a dash without sessions', () => {
    expect(formatSessionLength(t, null)).toBe('—');
    expect(formatSessionLength(t, Number.NaN)).toBe('—');
  });
});

describe('HOUR_LABELS', () => {
  it('labels the 24 buckets 00 to 23', () => {
    expect(HOUR_LABELS).toHaveLength(24);
    expect(HOUR_LABELS[0]).toBe('00');
    expect(HOUR_LABELS[23]).toBe('23');
  });
});
