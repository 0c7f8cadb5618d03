import { describe, expect, it } from 'vitest';
import { LATEST_CODE_MS, latestCode } from './latest-code.ts';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const msg = (id: string, code: string | null, receivedAt: string) => ({
  id,
  sender: 'Svc',
  content: `text ${code ?? ''}`,
  code,
  receivedAt,
});

describe('latestCode', () => {
  it('is the newest message with a code from the last 10 minutes', () => {
    const got = latestCode(
      [
        msg('a', null, ago(10_000)),
        msg('b', '111111', ago(60_000)),
        msg('c', '222222', ago(30_000)),
      ],
      now,
    );
    expect(got?.id).toBe('c');
    expect(got?.code).toBe('222222');
  });

  it('is nothing once the code is 10 minutes old, or when no message has a code', () => {
    expect(latestCode([msg('a', '111111', ago(LATEST_CODE_MS))], now)).toBeUndefined();
    expect(latestCode([msg('a', '111111', ago(LATEST_CODE_MS - 1))], now)?.id).toBe('a');
    expect(latestCode([msg('a', null, ago(0))], now)).toBeUndefined();
    expect(latestCode([], now)).toBeUndefined();
    expect(latestCode([msg('a', '111111', 'not a date')], now)).toBeUndefined();
  });

  it('takes a time slightly ahead of now as just received', () => {
    expect(latestCode([msg('a', '111111', ago(-20_000))], now)?.id).toBe('a');
  });
});
