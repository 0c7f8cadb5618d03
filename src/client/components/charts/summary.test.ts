import { describe, expect, it } from 'vitest';
import { seriesSummary, shareSummary } from './summary.ts';

describe('seriesSummary', () => {
  it('names the span, the total and the peak', () => {
    expect(
      seriesSummary('Line', 'New Users', [
        { label: 'Mar 1', value: 2 },
        { label: 'Mar 2', value: 7 },
        { label: 'Mar 3', value: 1234 },
      ]),
    ).toBe('Line chart of New Users, Mar 1 to Mar 3: 1,243 in total, highest 1,234 on Mar 3.');
  });
  it('takes the first of equal peaks', () => {
    expect(
      seriesSummary('Bar', 'Messages', [
        { label: '00', value: 3 },
        { label: '01', value: 3 },
      ]),
    ).toBe('Bar chart of Messages, 00 to 01: 6 in total, highest 3 on 00.');
  });
  it('says none when every value is zero, and no data when empty', () => {
    expect(seriesSummary('Bar', 'Messages', [{ label: 'Mar 1', value: 0 }])).toBe(
      'Bar chart of Messages, Mar 1: none.',
    );
    expect(seriesSummary('Line', 'Events', [])).toBe('Line chart of Events: no data.');
  });
});

describe('shareSummary', () => {
  it('lists each slice with its count and rounded share', () => {
    expect(
      shareSummary('Blog Categories', [
        { label: 'Security', value: 2 },
        { label: 'Technical', value: 1 },
      ]),
    ).toBe('Doughnut chart of Blog Categories: Security 2 (67%), Technical 1 (33%).');
  });
  it('says no data when there is nothing to share out', () => {
    expect(shareSummary('Event Types', [])).toBe('Doughnut chart of Event Types: no data.');
    expect(shareSummary('Event Types', [{ label: 'Page View', value: 0 }])).toBe(
      'Doughnut chart of Event Types: no data.',
    );
  });
});
