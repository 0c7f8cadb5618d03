import { describe, expect, it } from 'vitest';
import { filtersSummary } from './filters-summary.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('filtersSummary', () => {
  it('says what the number and tag filters keep', () => {
    expect(filtersSummary({ numberIds: [], tagIds: [] })).toBe('All numbers');
    expect(filtersSummary({ numberIds: [id(1)], tagIds: [] })).toBe('1 number');
    expect(filtersSummary({ numberIds: [], tagIds: [id(1), id(2)] })).toBe('2 tags');
    expect(filtersSummary({ numberIds: [id(1), id(2), id(3)], tagIds: [id(4)] })).toBe(
      '3 numbers · 1 tag',
    );
  });
});
