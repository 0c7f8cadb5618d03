import { describe, expect, it } from 'vitest';
import { countOf } from './format.ts';

describe('countOf', () => {
  it.each([
    [0, 'number', '0 numbers'],
    [1, 'number', '1 number'],
    [2, 'duplicate', '2 duplicates'],
    [12345, 'error', '12,345 errors'],
  ])('%i %s → %s', (n, noun, text) => expect(countOf(n, noun)).toBe(text));

  it('takes an irregular plural', () => expect(countOf(3, 'entry', 'entries')).toBe('3 entries'));
});
