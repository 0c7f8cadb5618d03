import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HTML_ERROR,
  INVALID_JSON_ERROR,
  MAX_MESSAGES_PER_PAYLOAD,
  UNRECOGNISED_ERROR,
  endDateFromText,
  parseEndDate,
  parseProviderPayload,
  type ParsedPayload,
} from './payload.ts';

const PHONE = '5551234567';
const NOW = new Date('2025-06-01T12:00:00.000Z');
const ctx = { phoneNumber: PHONE, now: NOW };
const NOW_ISO = NOW.toISOString();

const parse = (body: string) => parseProviderPayload(body, ctx);

/** The result with dates as ISO strings and without dedupe keys, for compact tables. */
function view(r: ParsedPayload) {
  if (!r.ok) return r;
  return {
    ok: true,
    messages: r.messages.map((m) => ({
      sender: m.sender,
      content: m.content,
      at: m.receivedAt.toISOString(),
    })),
    endDate: r.endDate?.toISOString() ?? null,
  };
}
type Msg = { sender: string; content: string; at: string };
const ok = (messages: Msg[], endDate: string | null = null) => ({ ok: true, messages, endDate });
const msg = (sender: string, content: string, at = NOW_ISO): Msg => ({ sender, content, at });
const json = (v: unknown) => JSON.stringify(v);

/** The documented key for a message without an id. */
const hashKey = (sender: string, content: string, time: string) =>
  `h:${createHash('sha256').update(`${sender}\n${content}\n${time}`).digest('hex').slice(0, 32)}`;

describe('parseProviderPayload: shapes', () => {
  it.each([
    [
      'a JSON array of messages',
      json([
        {
          id: '1',
          from: 'Google',
          content: 'G-482193 is your Google verification code.',
          timestamp: '2025-06-01 11:59:00',
        },
        {
          id: '2',
          from: 'Uber',
          content: 'Your Uber code: 4821',
          timestamp: '2025-06-01 11:50:00',
        },
      ]),
      ok([
        msg('Google', 'G-482193 is your Google verification code.', '2025-06-01T11:59:00.000Z'),
        msg('Uber', 'Your Uber code: 4821', '2025-06-01T11:50:00.000Z'),
      ]),
    ],
    [
      '{messages: […]} with endtime at the top level',
      json({
        status: 'success',
        endtime: '2025-07-01 00:00:00',
        messages: [{ id: 'a', from: 'Telegram', content: 'Telegram code: 48213' }],
      }),
      ok([msg('Telegram', 'Telegram code: 48213')], '2025-07-01T00:00:00.000Z'),
    ],
    [
      '{data: […]} with phoneNumber, message and unix seconds',
      json({
        data: [{ phoneNumber: '+15557654321', message: 'Code 4821', timestamp: 1748779080 }],
      }),
      ok([msg('+15557654321', 'Code 4821', '2025-06-01T11:58:00.000Z')]),
    ],
    [
      '{data: {endtime}} without messages',
      json({ data: { endtime: '2025-07-01' } }),
      ok([], '2025-07-01T00:00:00.000Z'),
    ],
    [
      '{data: {messages: […], expired_date}}',
      json({
        data: {
          expired_date: '2025-08-15 10:00:00',
          messages: [{ sender: 'Apple', text: 'Your Apple ID Code is: 482193' }],
        },
      }),
      ok([msg('Apple', 'Your Apple ID Code is: 482193')], '2025-08-15T10:00:00.000Z'),
    ],
    [
      '{sms: […]} with body, unix milliseconds and expires',
      json({
        expires: 1751328000,
        sms: [{ sender: 'Netflix', body: 'Netflix code 482193', date: 1748779080000 }],
      }),
      ok(
        [msg('Netflix', 'Netflix code 482193', '2025-06-01T11:58:00.000Z')],
        '2025-07-01T00:00:00.000Z',
      ),
    ],
    [
      'endtime in the first array item',
      json([{ from: 'X', content: 'Code 4821', endtime: '2025-09-01 00:00:00' }]),
      ok([msg('X', 'Code 4821')], '2025-09-01T00:00:00.000Z'),
    ],
    [
      'expire_time in data',
      json({ data: { expire_time: '2025-09-01T00:00:00Z', list: [] } }),
      ok([], '2025-09-01T00:00:00.000Z'),
    ],
    [
      'end_date at the top level with data messages',
      json({ end_date: '2025-09-01', data: [{ from: 'A', content: 'Code 1111' }] }),
      ok([msg('A', 'Code 1111')], '2025-09-01T00:00:00.000Z'),
    ],
    [
      'an ISO received_at with an offset',
      json([{ from: 'A', content: 'Code 1111', received_at: '2025-06-01T14:30:00+03:00' }]),
      ok([msg('A', 'Code 1111', '2025-06-01T11:30:00.000Z')]),
    ],
    [
      'a time field',
      json([{ from: 'A', content: 'Code 1111', time: '2025-06-01T11:00:00Z' }]),
      ok([msg('A', 'Code 1111', '2025-06-01T11:00:00.000Z')]),
    ],
    [
      "sender 'system' replaced by the number",
      json([
        { from: 'system', content: 'Code 1111' },
        { from: 'SYSTEM', content: 'Code 2222' },
      ]),
      ok([msg(PHONE, 'Code 1111'), msg(PHONE, 'Code 2222')]),
    ],
    ['a missing sender', json([{ content: 'Code 1111' }]), ok([msg(PHONE, 'Code 1111')])],
    [
      'fail markers among messages',
      json([
        { message: 'error', status: 'fail' },
        { from: 'A', content: 'Code 1111' },
        { message: 'Error', status: 'FAIL', id: 9 },
      ]),
      ok([msg('A', 'Code 1111')]),
    ],
    ['a fail marker alone', json({ message: 'error', status: 'fail' }), ok([])],
    ['a fail marker in data', json({ data: { message: 'error', status: 'fail' } }), ok([])],
    [
      'empty and blank contents',
      json([
        { from: 'A', content: '' },
        { from: 'A', content: '  \n ' },
        { from: 'A', content: null },
        { from: 'A' },
        { from: 'A', content: '  Code 1111  ' },
      ]),
      ok([msg('A', 'Code 1111')]),
    ],
    [
      'a number as content and sender',
      json([{ from: 12345, content: 482193 }]),
      ok([msg('12345', '482193')]),
    ],
    [
      'an array of strings',
      json(['Your code is 4821', '', 'Code 9910']),
      ok([msg(PHONE, 'Your code is 4821'), msg(PHONE, 'Code 9910')]),
    ],
    [
      'a single message object',
      json({ from: 'Google', content: 'G-482193 is your Google verification code.' }),
      ok([msg('Google', 'G-482193 is your Google verification code.')]),
    ],
    [
      'a single message object in data',
      json({ status: 'ok', data: { sender: 'Uber', message: 'Code 4821', id: 3 } }),
      ok([msg('Uber', 'Code 4821')]),
    ],
    [
      'a status message that is not an SMS',
      json({ status: 'success', message: 'No messages yet' }),
      ok([]),
    ],
    ['data null', json({ data: null }), ok([])],
    ['messages empty', json({ messages: [] }), ok([])],
    ['an empty object', '{}', ok([])],
    ['data as waiting text', json({ data: 'STATUS_WAIT_CODE' }), ok([])],
    ['data as pipe text', json({ data: 'YES|Code 4821' }), ok([msg(PHONE, 'Code 4821')])],
    ['a JSON string', json('YES|Your code 4821'), ok([msg(PHONE, 'Your code 4821')])],
    ['JSON null', 'null', ok([])],
    ['JSON false', 'false', ok([])],
  ])('reads %s', (_what, body, expected) => {
    expect(view(parse(body))).toEqual(expected);
  });
});

describe('parseProviderPayload: one SMS inside data', () => {
  it.each(['code', 'sms', 'text', 'content', 'msg', 'message'])(
    'reads the text under data.%s',
    (key) => {
      expect(
        view(parse(json({ code: 200, msg: 'success', data: { [key]: 'Your code is 123456' } }))),
      ).toEqual(ok([msg(PHONE, 'Your code is 123456')]));
    },
  );

  it('prefers the text over a bare code, and keeps the end date beside it', () => {
    expect(
      view(
        parse(
          json({
            status: 'ok',
            data: { code: '123456', sms: 'Telegram code: 123456', endtime: '2031-01-01 00:00:00' },
          }),
        ),
      ),
    ).toEqual(ok([msg(PHONE, 'Telegram code: 123456')], '2031-01-01T00:00:00.000Z'));
  });

  it('does not take a status text in data for an SMS (no code in it)', () => {
    expect(view(parse(json({ code: 0, data: { msg: 'SMS code not received yet' } })))).toEqual(
      ok([]),
    );
  });

  it('does not read top-level code or msg as a message (they are the answer’s status)', () => {
    expect(view(parse(json({ status: 'success', code: 0, msg: 'Your code is 123456' })))).toEqual(
      ok([]),
    );
  });
});

describe('parseProviderPayload: control characters', () => {
  it('strips NUL and other control characters from text, sender and id (tabs and line breaks stay)', () => {
    const r = parse(
      json({
        messages: [{ id: 'a\u0000b', from: 'Ev\u0000il', content: 'Code\u0007 1234\u0000\n56\tX' }],
      }),
    );
    expect(r).toMatchObject({
      ok: true,
      messages: [{ sender: 'Evil', content: 'Code 1234\n56\tX', dedupeKey: 'id:ab' }],
    });
  });
});

describe('parseProviderPayload: plain text', () => {
  it.each([
    ['YES|text', 'YES|Your code is 4821', ok([msg(PHONE, 'Your code is 4821')])],
    [
      'YES|text|YYYY-MM-DD hh:mm:ss',
      'YES|Telegram code: 48213|2025-07-01 12:00:00',
      ok([msg(PHONE, 'Telegram code: 48213')], '2025-07-01T12:00:00.000Z'),
    ],
    [
      'text|YYYY-MM-DD hh:mm:ss',
      'Your code is 4821|2025-07-01 12:00:00',
      ok([msg(PHONE, 'Your code is 4821')], '2025-07-01T12:00:00.000Z'),
    ],
    [
      'text with pipes|date',
      'Code 4821|Telegram|2025-07-01',
      ok([msg(PHONE, 'Code 4821|Telegram')], '2025-07-01T00:00:00.000Z'),
    ],
    [
      'an end date before 2021 (dropped from the text, not used)',
      'YES|Code 4821|2020-12-31 23:59:59',
      ok([msg(PHONE, 'Code 4821')]),
    ],
    ['YES| with no text and a date', 'YES||2025-07-01', ok([], '2025-07-01T00:00:00.000Z')],
    ['a bare date', '2025-07-01 00:00:00', ok([], '2025-07-01T00:00:00.000Z')],
    [
      'plain SMS text',
      'G-482193 is your Google verification code.',
      ok([msg(PHONE, 'G-482193 is your Google verification code.')]),
    ],
    ['ok|text', 'OK|Code 4821', ok([msg(PHONE, 'Code 4821')])],
    ["STATUS_OK:'code'", "STATUS_OK:'482193'", ok([msg(PHONE, '482193')])],
    ['STATUS_OK:text', 'STATUS_OK:Your code 4821', ok([msg(PHONE, 'Your code 4821')])],
    ['NO|…', 'NO|no messages yet', ok([])],
    ['NO', 'NO', ok([])],
    ['STATUS_WAIT_CODE', 'STATUS_WAIT_CODE', ok([])],
    ['STATUS_CANCEL', 'STATUS_CANCEL', ok([])],
    ['WAIT', 'WAIT', ok([])],
    ['an empty body', '', ok([])],
    ['a blank body', ' \r\n\t ', ok([])],
    ['a byte-order mark only', '\uFEFF', ok([])],
    ['[]', '[]', ok([])],
    ['[] with spaces', '  [ ]  ', ok([])],
  ])('reads %s', (_what, body, expected) => {
    expect(view(parse(body))).toEqual(expected);
  });
});

describe('parseProviderPayload: errors', () => {
  const long = 'x'.repeat(500);
  it.each([
    ['{error: text}', json({ error: 'invalid key' }), 'Provider error: invalid key'],
    [
      '{status: error, message}',
      json({ status: 'error', message: 'Number expired' }),
      'Provider error: Number expired',
    ],
    [
      '{status: fail, message} that is not the marker',
      json({ status: 'fail', message: 'Number not found' }),
      'Provider error: Number not found',
    ],
    [
      '{error: {message}}',
      json({ error: { code: 401, message: 'Unauthorized' } }),
      'Provider error: Unauthorized',
    ],
    [
      '{error: true, message}',
      json({ error: true, message: 'Rate limited' }),
      'Provider error: Rate limited',
    ],
    [
      '{success: false, msg}',
      json({ success: false, msg: 'Bad token' }),
      'Provider error: Bad token',
    ],
    [
      '{errors: [{message}]}',
      json({ errors: [{ message: 'Forbidden' }] }),
      'Provider error: Forbidden',
    ],
    ['{status: error} alone', json({ status: 'error' }), 'Provider error: error'],
    ['a long provider message', json({ error: long }), `Provider error: ${'x'.repeat(200)}`],
    [
      'a message with line breaks',
      json({ error: ' invalid\n\tkey \r\n' }),
      'Provider error: invalid key',
    ],
    ['BAD_KEY', 'BAD_KEY', 'Provider error: BAD_KEY'],
    ['NO_ACTIVATION', 'NO_ACTIVATION', 'Provider error: NO_ACTIVATION'],
    ['ERROR: text', 'ERROR: invalid api key', 'Provider error: invalid api key'],
    ['Error|text', 'Error|no balance', 'Provider error: no balance'],
    ['an HTML page', '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', HTML_ERROR],
    ['an HTML page after blank lines', '\n\n  <html><head></head></html>', HTML_ERROR],
    ['XML', '<?xml version="1.0"?><error/>', HTML_ERROR],
    ['broken JSON object', '{"messages": [', INVALID_JSON_ERROR],
    ['broken JSON array', '[1, 2', INVALID_JSON_ERROR],
    ['single-quoted JSON', "{'error': 'x'}", INVALID_JSON_ERROR],
    ['a trailing comma', '[{"content": "Code 4821"},]', INVALID_JSON_ERROR],
    ['an unknown object', json({ foo: 1 }), UNRECOGNISED_ERROR],
    ['data as a number', json({ data: 5 }), UNRECOGNISED_ERROR],
    ['nested data without messages', json({ data: { data: { data: null } } }), UNRECOGNISED_ERROR],
    ['a JSON number', '42', UNRECOGNISED_ERROR],
    ['JSON true', 'true', UNRECOGNISED_ERROR],
    ['a huge JSON number', '1e400', UNRECOGNISED_ERROR],
    ['a long digit run', '123456789012345678901234567890', UNRECOGNISED_ERROR],
    ['binary bytes', '\u0000\u0001\u0002PK\u0003\u0004', UNRECOGNISED_ERROR],
    ['badly decoded bytes', 'YES|\uFFFD\uFFFD\uFFFD', UNRECOGNISED_ERROR],
    ['a text longer than any SMS', 'a'.repeat(5000), UNRECOGNISED_ERROR],
  ])('%s', (_what, body, error) => {
    expect(parse(body)).toEqual({ ok: false, error });
  });
});

describe('parseProviderPayload: garbage never throws', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const deepObj = (n: number) => '{"data":'.repeat(n) + 'null' + '}'.repeat(n);
  const bytes = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => (i * 7919) % 256));
  it.each([
    ['deeply nested arrays', deep(50_000), ok([])],
    ['deeply nested data objects', deepObj(2_000), UNRECOGNISED_ERROR],
    ['random bytes', bytes, UNRECOGNISED_ERROR],
    ['bytes after a brace', `{${bytes}`, INVALID_JSON_ERROR],
    ['nulls and junk in a list', json([null, 1, '', {}, [], true, { content: null }]), ok([])],
    [
      'junk field types',
      json({
        messages: [
          { content: { a: 1 }, from: 'A' },
          { content: ['x'], from: 'A' },
          { from: null, content: 'Code 4821', timestamp: { t: 1 }, id: { x: 1 } },
        ],
      }),
      ok([msg(PHONE, 'Code 4821')]),
    ],
    [
      'huge and negative timestamps',
      json([
        { from: 'A', content: 'Code 1', timestamp: 1e300 },
        { from: 'A', content: 'Code 2', timestamp: -5 },
        { from: 'A', content: 'Code 3', timestamp: '9999999999999' },
        { from: 'A', content: 'Code 4', timestamp: '1999-12-31 23:59:59' },
        { from: 'A', content: 'Code 5', timestamp: 'yesterday' },
        { from: 'A', content: 'Code 6', timestamp: '2025-02-30 10:00:00' },
      ]),
      ok([
        msg('A', 'Code 1'),
        msg('A', 'Code 2'),
        msg('A', 'Code 3'),
        msg('A', 'Code 4'),
        msg('A', 'Code 5'),
        msg('A', 'Code 6'),
      ]),
    ],
    ['huge end dates', json({ endtime: 1e300, expires: '99999-01-01', data: [] }), ok([])],
    ['a JSON string holding JSON', json('{"a":1}'), UNRECOGNISED_ERROR],
    ['a JSON string "string"', json('string'), ok([msg(PHONE, 'string')])],
  ])('%s', (_what, body, expected) => {
    const run = () => view(parse(body));
    expect(run).not.toThrow();
    expect(run()).toEqual(typeof expected === 'string' ? { ok: false, error: expected } : expected);
  });

  it.each([undefined, null, 42, {}, []])('a non-string body (%j) is an empty answer', (body) => {
    expect(parseProviderPayload(body as unknown as string, ctx)).toEqual({
      ok: true,
      messages: [],
      endDate: null,
    });
  });
});

describe('parseProviderPayload: order and cap', () => {
  it(`keeps the first ${MAX_MESSAGES_PER_PAYLOAD} messages in the order given`, () => {
    const list = Array.from({ length: 1200 }, (_, i) => ({ id: i, content: `Code ${1000 + i}` }));
    const r = parse(json({ messages: list }));
    if (!r.ok) throw new Error(r.error);
    expect(r.messages).toHaveLength(500);
    expect(r.messages[0]!.content).toBe('Code 1000');
    expect(r.messages[499]!.content).toBe('Code 1499');
    expect(r.messages.map((m) => m.dedupeKey).slice(0, 3)).toEqual(['id:0', 'id:1', 'id:2']);
  });

  it('does not count dropped items against the cap', () => {
    const list = [
      ...Array.from({ length: 600 }, () => ({ message: 'error', status: 'fail' })),
      { content: 'Code 4821' },
    ];
    expect(view(parse(json(list)))).toEqual(ok([msg(PHONE, 'Code 4821')]));
  });

  it('keeps messages in the given order, oldest first or newest first', () => {
    const body = json([
      { content: 'b', timestamp: '2025-06-01 10:00:00' },
      { content: 'a', timestamp: '2025-06-01 11:00:00' },
      { content: 'c', timestamp: '2025-06-01 09:00:00' },
    ]);
    const r = parse(body);
    expect(r.ok && r.messages.map((m) => m.content)).toEqual(['b', 'a', 'c']);
  });
});

describe('parseProviderPayload: dedupe keys', () => {
  const keys = (body: string, now = NOW) => {
    const r = parseProviderPayload(body, { phoneNumber: PHONE, now });
    if (!r.ok) throw new Error(r.error);
    return r.messages.map((m) => m.dedupeKey);
  };

  it.each([
    ['a string id', json([{ id: 'abc-1', content: 'Code 4821' }]), ['id:abc-1']],
    ['a numeric id', json([{ id: 42, content: 'Code 4821' }]), ['id:42']],
    ['an id with spaces', json([{ id: ' x ', content: 'Code 4821' }]), ['id:x']],
    [
      'no id, with a timestamp as given',
      json([{ from: 'A', content: 'Code 4821', timestamp: '2025-06-01 11:00:00' }]),
      [hashKey('A', 'Code 4821', '2025-06-01 11:00:00')],
    ],
    [
      'no id, a numeric timestamp',
      json([{ from: 'A', content: 'Code 4821', timestamp: 1748779080 }]),
      [hashKey('A', 'Code 4821', '1748779080')],
    ],
    [
      'no id, no timestamp',
      json([{ from: 'A', content: 'Code 4821' }]),
      [hashKey('A', 'Code 4821', '')],
    ],
    [
      'an invalid timestamp is still part of the key',
      json([{ from: 'A', content: 'Code 4821', timestamp: 'soon' }]),
      [hashKey('A', 'Code 4821', 'soon')],
    ],
    [
      "sender 'system' hashed as the number",
      json([{ from: 'system', content: 'Code 4821' }]),
      [hashKey(PHONE, 'Code 4821', '')],
    ],
    ['an empty id', json([{ id: '', from: 'A', content: 'x' }]), [hashKey('A', 'x', '')]],
    ['plain text', 'YES|Code 4821|2025-07-01', [hashKey(PHONE, 'Code 4821', '')]],
  ])('%s', (_what, body, expected) => {
    expect(keys(body)).toEqual(expected);
  });

  it('hashes a very long id instead of storing it', () => {
    const id = 'i'.repeat(300);
    const hex = createHash('sha256').update(id).digest('hex').slice(0, 32);
    expect(keys(json([{ id, content: 'x' }]))).toEqual([`id:${hex}`]);
  });

  it('gives the same keys when the same messages are polled again later', () => {
    const body = json([
      { from: 'A', content: 'Code 4821' },
      { from: 'B', content: 'Code 9910', timestamp: '2025-06-01 11:00:00' },
    ]);
    const later = new Date(NOW.getTime() + 30_000);
    expect(keys(body, later)).toEqual(keys(body));
    expect(keys('YES|Code 4821', later)).toEqual(keys('YES|Code 4821'));
  });

  it('gives different keys to different messages', () => {
    const k = keys(
      json([
        { from: 'A', content: 'Code 4821', timestamp: '2025-06-01 11:00:00' },
        { from: 'A', content: 'Code 4821', timestamp: '2025-06-01 11:01:00' },
        { from: 'B', content: 'Code 4821', timestamp: '2025-06-01 11:00:00' },
        { from: 'A', content: 'Code 4822', timestamp: '2025-06-01 11:00:00' },
      ]),
    );
    expect(new Set(k).size).toBe(4);
    for (const key of k) expect(key).toMatch(/^h:[0-9a-f]{32}$/);
  });
});

describe('end dates', () => {
  it.each([
    ['2025-06-01', '2025-06-01T00:00:00.000Z'],
    [' 2025-06-01 ', '2025-06-01T00:00:00.000Z'],
    ['2025/06/01', '2025-06-01T00:00:00.000Z'],
    ['2025-6-1', '2025-06-01T00:00:00.000Z'],
    ['2025-06-01 12:30:00', '2025-06-01T12:30:00.000Z'],
    ['2025-06-01 12:30', '2025-06-01T12:30:00.000Z'],
    ['2025-06-01T12:30:00Z', '2025-06-01T12:30:00.000Z'],
    ['2025-06-01T12:30:00.123Z', '2025-06-01T12:30:00.123Z'],
    ['2025-06-01T12:30:00+03:00', '2025-06-01T09:30:00.000Z'],
    ['2025-06-01T12:30:00-0500', '2025-06-01T17:30:00.000Z'],
    ['2025-06-01T12:30:00', '2025-06-01T12:30:00.000Z'],
    [1748736000, '2025-06-01T00:00:00.000Z'],
    [1748736000000, '2025-06-01T00:00:00.000Z'],
    ['1748736000', '2025-06-01T00:00:00.000Z'],
    ['1748736000000', '2025-06-01T00:00:00.000Z'],
    [new Date('2025-06-01T00:00:00Z'), '2025-06-01T00:00:00.000Z'],
    ['2021-01-01', '2021-01-01T00:00:00.000Z'],
    [1609459200, '2021-01-01T00:00:00.000Z'],
    ['2020-12-31', null],
    ['2020-12-31 23:59:59', null],
    [1609459199, null],
    ['1999-01-01', null],
    ['2025-02-30', null],
    ['2025-13-01', null],
    ['2025-06-01 24:00:00', null],
    ['25-06-01', null],
    ['01/06/2025', null],
    ['tomorrow', null],
    ['', null],
    [null, null],
    [undefined, null],
    [{}, null],
    [[], null],
    [true, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [-1, null],
    [0, null],
    [1e300, null],
    [new Date('nope'), null],
  ])('parseEndDate(%j) → %j', (value, expected) => {
    expect(parseEndDate(value)?.toISOString() ?? null).toBe(expected);
  });

  it.each([
    ['Your code 4821|Telegram|2025-08-01', '2025-08-01T00:00:00.000Z'],
    ['YES|Code 4821|2025-08-01 10:00:00', '2025-08-01T10:00:00.000Z'],
    ['a|b|c|2021-01-01', '2021-01-01T00:00:00.000Z'],
    ['Code 4821|2025-08-01', null],
    ['Code 4821|Telegram|2020-12-31', null],
    ['Code 4821|2025-08-01|Telegram', null],
    ['Code 4821|Telegram|01.08.2025', null],
    ['Code 4821', null],
  ])('endDateFromText(%j) → %j', (text, expected) => {
    expect(endDateFromText(text)?.toISOString() ?? null).toBe(expected);
  });

  it.each([
    [
      'from message text when no field names one',
      json({ messages: [{ content: 'Code 4821' }, { content: 'Code 1|Telegram|2025-08-01' }] }),
      '2025-08-01T00:00:00.000Z',
    ],
    [
      'from the field before the text',
      json({ endtime: '2025-09-01', messages: [{ content: 'Code 1|Telegram|2025-08-01' }] }),
      '2025-09-01T00:00:00.000Z',
    ],
    [
      'a 2020 field does not count, the text does',
      json({ endtime: '2020-12-31', messages: [{ content: 'Code 1|Telegram|2021-01-01' }] }),
      '2021-01-01T00:00:00.000Z',
    ],
    ['year 2020 rejected', json({ endtime: '2020-06-01 00:00:00' }), null],
    ['year 2021 accepted', json({ endtime: '2021-06-01 00:00:00' }), '2021-06-01T00:00:00.000Z'],
    ['two-part text in JSON is not the rule', json([{ content: 'Code 1|2025-08-01' }]), null],
  ])('in a payload: %s', (_what, body, expected) => {
    const r = parse(body);
    expect(r.ok && (r.endDate?.toISOString() ?? null)).toBe(expected);
  });
});
