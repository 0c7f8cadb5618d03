import { translate } from '../../i18n.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.com',
  subject: 'technical',
  message: 'Codes arrive late.',
};
let ipN = 0;
const send = (payload: unknown, ip = `198.51.100.${++ipN}`) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/contact',
    payload: payload as object,
    headers: { 'x-forwarded-for': ip },
  });

describe('POST /v1/contact', () => {
  it('stores the message and answers with the success text', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      "Thank you for your message! We'll get back to you within 24 hours.",
    );
    const rows = await t.database.db.query.contactMessages.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'technical',
    });
  });

  it.each([
    ['name', { ...valid, name: '   ' }, 'Full Name is required'],
    ['email', { ...valid, email: 'nope' }, 'Please enter a valid email address'],
    ['subject', { ...valid, subject: 'spam' }, 'Please choose a subject'],
    ['message', { ...valid, message: '' }, 'Message is required'],
    [
      'message',
      { ...valid, message: 'x'.repeat(5001) },
      'Message is too long (5,000 characters at most)',
    ],
  ])('refuses a bad %s with 400 and stores nothing', async (field, payload, message) => {
    const before = (await t.database.db.query.contactMessages.findMany()).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
    expect(await t.database.db.query.contactMessages.findMany()).toHaveLength(before);
  });

  it('limits each address to 5 messages an hour', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) expect((await send(valid, ip)).statusCode).toBe(201);
    const sixth = await send(valid, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect((await send(valid, '192.0.2.78')).statusCode).toBe(201);
    t.clock.advance(3_600_001);
    expect((await send(valid, ip)).statusCode).toBe(201);
  });

  it('accepts exactly 5 of 20 parallel messages from one address', async () => {
    const ip = '192.0.2.120';
    const res = await Promise.all(Array.from({ length: 20 }, () => send(valid, ip)));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const rows = await t.database.db.query.contactMessages.findMany();
    expect(rows.filter((r) => r.ip === ip)).toHaveLength(5);
  });
});

describe('the thanks', () => {
  it("thanks in the sender's language", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contact',
      payload: valid,
      headers: { 'x-forwarded-for': '198.51.100.250', 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(translate('es', 'public.contact.sent'));
    expect(res.json().message).not.toBe(translate('en', 'public.contact.sent'));
  });
});
