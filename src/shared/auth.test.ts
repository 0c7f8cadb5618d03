import { describe, expect, it } from 'vitest';
import { codeSchema, emailSchema, sanitizeCodeInput } from './auth.ts';

describe('sanitizeCodeInput', () => {
  it.each([
    ['123456', '123456'],
    ['12a3-4 5', '12345'],
    ['1234567890', '123456'],
    ['abc', ''],
    [' 0 0 1 ', '001'],
  ])('%j → %j', (input, out) => expect(sanitizeCodeInput(input)).toBe(out));
});

describe('emailSchema', () => {
  it('trims and lower-cases', () =>
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com'));
  it.each(['', 'plain', 'a@', '@b.co', 'a b@c.co', `${'x'.repeat(250)}@b.co`])('refuses %j', (v) =>
    expect(emailSchema.safeParse(v).success).toBe(false),
  );
});

describe('codeSchema', () => {
  it('accepts exactly six digits', () => {
    expect(codeSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', '١٢٣٤٥٦', ' 123456']) {
      expect(codeSchema.safeParse(bad).success).toBe(false);
    }
  });
});
