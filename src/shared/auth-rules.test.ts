import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../server/i18n.ts';
import type { MessageId } from './i18n/namespaces.ts';
import { emailSchema } from './auth.ts';
import { EMAIL_PATTERN, parseEmail } from './auth-rules.ts';

/** Valid, invalid and edge inputs: the plain check and the server's schema must agree on each. */
const samples = [
  'ada@example.com',
  '  Ada@Example.COM ',
  'first.last+tag@sub.example.co.uk',
  "o'brien@example.ie",
  'x_y-z@a-b.example.museum',
  '',
  '   ',
  'plain',
  'a@',
  '@b.co',
  'a b@c.co',
  'a..b@c.co',
  '.a@c.co',
  'a.@c.co',
  'a@b',
  'a@b.c',
  'a@-b.co',
  'a@b..co',
  'a@b.c0',
  'ü@example.com',
  'a@exämple.com',
  'a@b.co\n',
  'a@b.co\u00a0',
  `${'x'.repeat(240)}@example.com`,
  `${'x'.repeat(241)}@example.com`,
  ` ${'x'.repeat(242)}@example.com `,
];

describe('parseEmail (the sign-in page, without zod)', () => {
  it.each(samples)('answers %j as emailSchema does', (raw) => {
    const schema = emailSchema.safeParse(raw);
    const plain = parseEmail(raw);
    if (schema.success) expect(plain).toEqual({ email: schema.data });
    else expect(plain).toEqual({ error: schema.error.issues[0]!.message });
  });

  it('gives the product messages (catalogue keys, shown translated)', () => {
    const said = (raw: string) => {
      const parsed = parseEmail(raw);
      return 'error' in parsed ? translate('en', parsed.error as MessageId) : parsed;
    };
    expect(said(' ')).toBe('Email is required');
    expect(said('nope')).toBe('Please enter a valid email address');
    expect(said(`${'x'.repeat(250)}@b.co`)).toBe('Email is too long');
    expect(said(' Ada@Example.COM ')).toEqual({ email: 'ada@example.com' });
  });

  it("uses zod's email pattern", () => {
    for (const raw of samples) {
      const email = raw.trim();
      expect(EMAIL_PATTERN.test(email), raw).toBe(z.regexes.email.test(email));
    }
  });
});
