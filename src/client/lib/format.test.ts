import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('formatters', () => {
  const { DateTimeFormat, NumberFormat } = Intl;
  afterEach(() => {
    Intl.DateTimeFormat = DateTimeFormat;
    Intl.NumberFormat = NumberFormat;
    vi.resetModules();
  });

  it('are made on first use, once, not when the module loads (a long task on a slow phone)', async () => {
    const made = { dates: 0, numbers: 0 };
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        made.dates++;
      }
    } as typeof DateTimeFormat;
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        made.numbers++;
      }
    } as typeof NumberFormat;
    vi.resetModules();
    const format = await import('./format.ts');
    const expiry = await import('./expiry.ts');
    expect(made).toEqual({ dates: 0, numbers: 0 });
    expect(format.formatCount(1234)).toBe('1,234');
    expect(format.formatCount(5)).toBe('5');
    expect(made).toEqual({ dates: 0, numbers: 1 });
    expect(expiry.formatEndDate('2026-03-05T00:00:00.000Z')).toBe('Mar 5, 2026');
    expect(expiry.formatEndDate('2026-03-06T00:00:00.000Z')).toBe('Mar 6, 2026');
    expect(made).toEqual({ dates: 1, numbers: 1 });
  });
});
