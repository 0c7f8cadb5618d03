import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';

// Which message each kind of import input gets (product rules: settings vs bulk import), and
// the per-line failure info (line numbers, duplicate flag) the client keeps failed lines by.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEITHER = 'Invalid format. Please use either JSON or number|API link format.';
const SETTINGS_LINE = 'Invalid format. Expected format: number|API link';
const link = (n: number) => `https://sms.example.com/api/${n}?token=secret-${n}`;

type User = { cookie: string };
const imp = (u: User, text: string, format?: 'bulk' | 'settings') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/numbers/import',
    headers: { cookie: u.cookie },
    payload: { text, ...(format ? { format } : {}) },
  });
const total = async (u: User) =>
  (await t.app.inject({ url: '/v1/numbers', headers: { cookie: u.cookie } })).json().total;

describe('settings import messages', () => {
  it.each([
    ['free text', 'hello there\nthese are my numbers'],
    ['a bulk space line', `2125550101 ${link(1)}`],
    ['bulk ---- and TAB lines', `2125550101----${link(1)}\n${link(2)}\t2125550102`],
    ['malformed JSON', '[{"phoneNumber": "2125550101",'],
  ])('refuses %s (neither JSON nor number|API link) with the format message', async (_n, text) => {
    const u = await signIn(t);
    const res = await imp(u, text, 'settings');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_IMPORT_FORMAT', message: NEITHER });
    expect(await total(u)).toBe(0);
  });

  it('gives each bad number|API link line its line message and stores the good ones', async () => {
    const u = await signIn(t);
    const text = [
      `2135550101|${link(1)}`,
      'not a line at all',
      `2135550103 ${link(3)}`, // a bulk format, not the settings one
      '|',
      `2135550105|${link(5)}|Work|extra`,
      `213555010|${link(6)}`,
      '2135550107|ftp://sms.example.com/7',
      '',
      `+1 (213) 555-0109|${link(9)}`,
    ].join('\r\n');
    const res = await imp(u, text, 'settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      duplicates: 0,
      input: 'lines',
      unknownTags: [],
      errors: [
        { line: 2, message: `Line 2: ${SETTINGS_LINE}`, duplicate: false },
        { line: 3, message: `Line 3: ${SETTINGS_LINE}`, duplicate: false },
        { line: 4, message: `Line 4: ${SETTINGS_LINE}`, duplicate: false },
        { line: 5, message: `Line 5: ${SETTINGS_LINE}`, duplicate: false },
        {
          line: 6,
          message: 'Line 6: Invalid phone number. Must be exactly 10 digits.',
          duplicate: false,
        },
        { line: 7, message: 'Line 7: Invalid API link. Must start with http.', duplicate: false },
      ],
    });
    expect(await total(u)).toBe(2);
  });

  it('gives JSON entries entry messages, never the line format message', async () => {
    const u = await signIn(t);
    const text = JSON.stringify([
      { phoneNumber: '2145550101', apiLink: link(1) },
      { phoneNumber: '12345', apiLink: link(2) },
      { phoneNumber: '2145550103', apiLink: 'mailto:x@example.com' },
      { phone: '2145550104', link: link(4) },
      ['2145550105', link(5)],
      'nonsense',
    ]);
    const expected = {
      input: 'json',
      unknownTags: [],
      errors: [
        {
          line: 2,
          message: 'Entry 2: Invalid phone number. Must be exactly 10 digits.',
          duplicate: false,
        },
        { line: 3, message: 'Entry 3: Invalid API link. Must start with http.', duplicate: false },
        ...[4, 5, 6].map((n) => ({
          line: n,
          message: `Entry ${n}: Invalid format. Expected an object with phoneNumber and apiLink.`,
          duplicate: false,
        })),
      ],
    };
    const res = await imp(u, text, 'settings');
    expect(res.json()).toEqual({ imported: 1, duplicates: 0, ...expected });
    // The same JSON pasted into the bulk import reads the same way.
    const again = await imp(u, text, 'bulk');
    expect(again.json()).toEqual({
      imported: 0,
      duplicates: 1,
      input: 'json',
      unknownTags: [],
      errors: [
        { line: 1, message: 'Entry 1: Number 2145550101 already exists', duplicate: true },
        ...expected.errors,
      ],
    });
    expect(JSON.stringify(again.json())).not.toContain('Expected format: number|API link');
  });
});

describe('bulk import messages and failure info', () => {
  it('keeps the six-format message for bulk lines and never refuses free text as a whole', async () => {
    const u = await signIn(t);
    const res = await imp(u, `2155550101 ${link(1)}\nhello`); // format defaults to 'bulk'
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 1,
      duplicates: 0,
      input: 'lines',
      unknownTags: [],
      errors: [
        {
          line: 2,
          message:
            'Line 2: Invalid format. Expected format: phone----link, phone|link|tags, phone<TAB>link, link<TAB>phone or phone link',
          duplicate: false,
        },
      ],
    });
  });

  it('numbers failed lines as lines of the text and flags numbers already stored', async () => {
    const u = await signIn(t);
    expect((await imp(u, `2165550104----${link(4)}`, 'bulk')).json().imported).toBe(1);
    const text = [
      `2165550101----${link(1)}`,
      '',
      `216555010----${link(2)}`, // 9 digits
      `2165550101|${link(1)}`, // repeated in the file
      `2165550104 ${link(4)}`, // already stored
      `2165550105\tftp://x.example.com`,
      `2165550106----${link(6)}`,
    ].join('\r\n');
    const res = await imp(u, text, 'bulk');
    expect(res.json()).toEqual({
      imported: 2,
      duplicates: 2,
      input: 'lines',
      unknownTags: [],
      errors: [
        {
          line: 3,
          message: 'Line 3: Invalid phone number. Must be exactly 10 digits.',
          duplicate: false,
        },
        { line: 4, message: 'Line 4: Number 2165550101 already exists', duplicate: true },
        { line: 5, message: 'Line 5: Number 2165550104 already exists', duplicate: true },
        { line: 6, message: 'Line 6: Invalid API link. Must start with http.', duplicate: false },
      ],
    });

    // Resubmitting only the failed lines, one fixed: it is stored, with no 'already exists'.
    const fixed = await imp(u, `2165550102----${link(2)}\n2165550105\tftp://x.example.com`);
    expect(fixed.json()).toEqual({
      imported: 1,
      duplicates: 0,
      input: 'lines',
      unknownTags: [],
      errors: [
        { line: 2, message: 'Line 2: Invalid API link. Must start with http.', duplicate: false },
      ],
    });
    expect(await total(u)).toBe(4);
  });

  it('refuses an unknown format with 400', async () => {
    const u = await signIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers/import',
      headers: { cookie: u.cookie },
      payload: { text: `2175550101|${link(1)}`, format: 'csv' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: "Import format must be 'bulk' or 'settings'",
    });
    expect(await total(u)).toBe(0);
  });
});
