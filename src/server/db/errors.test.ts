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

  it('withRetries runs a deadlock victim again, at most three times in all', async () => {
    let calls = 0;
    await expect(
      withRetries(async () => {
        if (++calls < 3) throw wrapped('40P01');
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw wrapped('40P01');
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(1);
  });
});
