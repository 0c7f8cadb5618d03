import { describe, expect, it } from 'vitest';
import { isRetryable, isUniqueViolation, withRetries } from './errors.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
/** As drizzle wraps a driver error. */
const wrapped = (code: string) => new Error('Failed query', { cause: pgError(code) });

describe('database errors', () => {
  it('reads the SQLSTATE, also through a wrapping error', () => {
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
    expect(isRetryable(wrapped('40P01'))).toBe(true);
    expect(isRetryable(pgError('40001'))).toBe(true);
    expect(isRetryable(pgError('23505'))).toBe(false);
    expect(isRetryable(new Error('plain'))).toBe(false);
  });

  it.each([
    ['a deadlock victim twice, then success', ['40P01', '40P01'], 3, 'done'],
    ['a deadlock victim three times: given up', ['40P01', '40P01', '40P01'], 3, 'thrown'],
    ['a unique violation: not retried', ['23505'], 1, 'thrown'],
  ])('withRetries: %s', async (_name, failures, calls, outcome) => {
    let n = 0;
    const run = async () => {
      const code = failures[n++];
      if (code) throw wrapped(code);
      return 'done';
    };
    const result = await withRetries(run).catch(() => 'thrown');
    expect([result, n]).toEqual([outcome, calls]);
  });
});
