import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../../shared/numbers.ts';
import { failedOf, remainingInput } from './import-numbers.ts';

const result = (input: ImportResult['input'], errors: [number, boolean][]): ImportResult => ({
  imported: 1,
  duplicates: errors.filter(([, d]) => d).length,
  input,
  errors: errors.map(([line, duplicate]) => ({ line, message: `Line ${line}`, duplicate })),
  unknownTags: [],
});

describe('remainingInput', () => {
  it('keeps the failed lines in order, counting blank lines and \\r\\n as the server does', () => {
    const text = 'a|x\r\n\r\nbad one\nc|y\nbad two\ndup|z';
    const res = result('lines', [
      [3, false],
      [5, false],
      [6, true],
    ]);
    expect(remainingInput(text, res)).toBe('bad one\nbad two');
    expect(failedOf(res).map((e) => e.line)).toEqual([3, 5]);
  });

  it('keeps the failed entries of a JSON array, as a JSON array', () => {
    const text = JSON.stringify([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(JSON.parse(remainingInput(text, result('json', [[2, false]])))).toEqual([{ n: 2 }]);
  });

  it('leaves nothing when only duplicates were refused', () => {
    expect(remainingInput('a\nb', result('lines', [[2, true]]))).toBe('');
  });
});
