import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { translate } from '../../../server/i18n.ts';
import type { Translate } from '../../lib/i18n.tsx';
import { seriesSummary, shareSummary } from './summary.ts';

const tr =
  (locale: Locale): Translate =>
  (id, values) =>
    translate(locale, id, values);
const t = tr('en');

describe('seriesSummary', () => {
  it('names the span, the total and the peak', () => {
    expect(
      seriesSummary(t, 'line', 'New Users', [
        { label: 'Mar 1', value: 2 },
        { label: 'Mar 2', value: 7 },
        { label: 'Mar 3', value: 1234 },
      ]),
    ).toBe('Line chart of New Users, Mar 1 to Mar 3: 1,243 in total, highest 1,234 on Mar 3.');
  });
  it('takes the first of equal peaks', () => {
    expect(
      seriesSummary(t, 'bar', 'Messages', [
        { label: '00', value: 3 },
        { label: '01', value: 3 },
      ]),
    ).toBe('Bar chart of Messages, 00 to 01: 6 in total, highest 3 on 00.');
  });
  it('says none when every value is zero, and no data when empty', () => {
    expect(seriesSummary(t, 'bar', 'Messages', [{ label: 'Mar 1', value: 0 }])).toBe(
      'Bar chart of Messages, Mar 1: none.',
    );
    expect(seriesSummary(t, 'line', 'Events', [])).toBe('Line chart of Events: no data.');
  });
  it('reads in the language asked for, with its number format', () => {
    const ru = seriesSummary(tr('ru'), 'bar', 'Сообщения', [
      { label: '1 мар.', value: 1000 },
      { label: '2 мар.', value: 2500 },
    ]);
    expect(ru).toContain('3\u00a0500');
    expect(ru).toContain('2\u00a0500');
  });
});

describe('shareSummary', () => {
  it('lists each slice with its count and rounded share', () => {
    expect(
      shareSummary(t, 'Blog Categories', [
        { label: 'Security', value: 2 },
        { label: 'Technical', value: 1 },
      ]),
    ).toBe('Doughnut chart of Blog Categories: Security 2 (67%), Technical 1 (33%).');
  });
  it('says no data when there is nothing to share out', () => {
    expect(shareSummary(t, 'Event Types', [])).toBe('Doughnut chart of Event Types: no data.');
    expect(shareSummary(t, 'Event Types', [{ label: 'Page View', value: 0 }])).toBe(
      'Doughnut chart of Event Types: no data.',
    );
  });
});
