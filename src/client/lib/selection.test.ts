import { describe, expect, it } from 'vitest';
import { coverage, sameOrder, toggled, withAll } from './selection.ts';

describe('selection', () => {
  it('adds and removes one id, keeping the order ids were picked in', () => {
    const a = toggled(new Set(), 'x', true);
    const b = toggled(a, 'y', true);
    expect([...b]).toEqual(['x', 'y']);
    expect([...toggled(b, 'x', false)]).toEqual(['y']);
    // Nothing to change: the same Set (no re-render).
    expect(toggled(b, 'y', true)).toBe(b);
    expect(toggled(b, 'z', false)).toBe(b);
  });

  it('selects the visible ones on top of the earlier selection, and clears only those', () => {
    const earlier = new Set(['a', 'b']);
    const shown = ['c', 'b', 'd'];
    const all = withAll(earlier, shown, true);
    expect([...all]).toEqual(['a', 'b', 'c', 'd']);
    expect([...withAll(all, shown, false)]).toEqual(['a']);
    expect(withAll(all, ['a', 'c'], true)).toBe(all);
    expect(withAll(earlier, ['z'], false)).toBe(earlier);
  });

  it('tells none, some or all of the shown ids are selected', () => {
    const s = new Set(['a', 'b']);
    expect(coverage(s, [])).toBe('none');
    expect(coverage(s, ['c'])).toBe('none');
    expect(coverage(s, ['a', 'c'])).toBe('some');
    expect(coverage(s, ['b', 'a'])).toBe('all');
  });

  it('scales to 10,000 ids', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `id-${i}`);
    const all = withAll(new Set(), ids, true);
    expect(all.size).toBe(10_000);
    expect(coverage(all, ids)).toBe('all');
    expect(sameOrder(ids, all)).toBe(true);
    expect(toggled(all, 'id-5', false).size).toBe(9_999);
  });

  it('compares a saved order with the selection', () => {
    expect(sameOrder(['a', 'b'], new Set(['a', 'b']))).toBe(true);
    expect(sameOrder(['b', 'a'], new Set(['a', 'b']))).toBe(false);
    expect(sameOrder(['a'], new Set(['a', 'b']))).toBe(false);
  });
});
