import { createHash } from 'node:crypto';
import { extractCode, resolveSender } from '../../shared/messages.ts';

/*
 * Normalises whatever a provider "API link" answers into messages and an end date. Accepts every
 * shape in docs/product-rules.md (Provider answers) and other common ones; never throws: garbage
 * becomes `{ ok: false, error }`, recorded on the number.
 */

export type ProviderMessage = {
  sender: string;
  content: string;
  receivedAt: Date;
  dedupeKey: string;
};
export type ParsedPayload =
  { ok: true; messages: ProviderMessage[]; endDate: Date | null } | { ok: false; error: string };
export type PayloadContext = { phoneNumber: string; now: Date };

export const MAX_MESSAGES_PER_PAYLOAD = 500;
/** Longest message content kept (an SMS of 10 segments is ~1,600 characters). */
export const MAX_CONTENT_LENGTH = 4000;
const MAX_SENDER_LENGTH = 200;
const MAX_ERROR_LENGTH = 200;

export const HTML_ERROR = 'Provider returned an HTML page instead of messages';
export const INVALID_JSON_ERROR = 'Invalid JSON in provider response';
export const UNRECOGNISED_ERROR = 'Unrecognised provider response';

const SENDER_KEYS = ['from', 'phoneNumber', 'sender', 'phone_number'] as const;
const CONTENT_KEYS = ['content', 'message', 'text', 'body', 'sms', 'msg'] as const;
const TIME_KEYS = [
  'timestamp',
  'time',
  'date',
  'received_at',
  'receivedAt',
  'created_at',
  'createdAt',
] as const;
const END_KEYS = [
  'endtime',
  'endTime',
  'end_time',
  'expired_date',
  'expires',
  'expire_time',
  'expireTime',
  'end_date',
  'endDate',
  'expires_at',
  'expiresAt',
  'expiry',
  'expire_date',
] as const;
/** Keys under which a provider lists its messages. */
const LIST_KEYS = ['messages', 'data', 'sms', 'result', 'results', 'items'] as const;

type Obj = Record<string, unknown>;
type Ok = Extract<ParsedPayload, { ok: true }>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const okEmpty = (endDate: Date | null = null): Ok => ({ ok: true, messages: [], endDate });
const fail = (error: string): ParsedPayload => ({ ok: false, error });

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const DATE_TIME =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Unix seconds below 1e11 (year 5138), milliseconds above. */
function fromEpoch(n: number): Date | null {
  if (!Number.isFinite(n) || n <= 0) return null;
  const d = new Date(n < 1e11 ? n * 1000 : n);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'YYYY-MM-DD', 'YYYY-MM-DD hh:mm[:ss]', ISO 8601 (with or without offset; none = UTC), unix
 * seconds or milliseconds (number or digit string). Impossible dates ('2025-02-30') are null.
 */
function parseDateValue(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (/^\d{9,13}(?:\.\d+)?$/.test(s)) return fromEpoch(Number(s));
  const m = DATE_TIME.exec(s);
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m.slice(1, 7).map((x) => (x ? Number(x) : 0)) as [
    number,
    number,
    number,
    number?,
    number?,
    number?,
  ];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) return null;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  let t = Date.UTC(y, mo - 1, d, h, mi, sec, ms);
  if (new Date(t).getUTCDate() !== d) return null; // 2025-02-30
  const zone = m[8]?.toUpperCase();
  if (zone && zone !== 'Z' && zone !== 'UTC' && zone !== 'GMT') {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!z) return null;
    const offset = (Number(z[2]) * 60 + Number(z[3] ?? 0)) * 60_000;
    t -= z[1] === '+' ? offset : -offset;
  }
  const out = new Date(t);
  return Number.isNaN(out.getTime()) ? null : out;
}

/**
 * A rental end date from a provider field: 'YYYY-MM-DD', 'YYYY-MM-DD hh:mm:ss', ISO, unix seconds
 * or milliseconds. The year must be after 2020 and at most 9999; anything else is null.
 */
export function parseEndDate(value: unknown): Date | null {
  const d = parseDateValue(value);
  if (!d) return null;
  const year = d.getUTCFullYear();
  return year > 2020 && year <= 9999 ? d : null;
}

/** A message time; missing, invalid, before 2000 or more than a day ahead → `now`. */
function parseReceivedAt(value: unknown, now: Date): Date {
  const d = parseDateValue(value);
  if (!d || d.getUTCFullYear() < 2000 || d.getTime() > now.getTime() + 86_400_000) return now;
  return d;
}

/** The part looks like a date ('YYYY-MM-DD', optionally followed by a time). */
const looksLikeDate = (part: string) => /^\d{4}-\d{1,2}-\d{1,2}(?:[T ][\d:.]+)?$/.test(part.trim());

/**
 * The rule for an end date inside message text (product rules): the last of at least 3 '|'-separated
 * parts, format YYYY-MM-DD (a time may follow), year after 2020.
 */
export function endDateFromText(content: string): Date | null {
  const parts = content.split('|');
  if (parts.length < 3) return null;
  const last = parts[parts.length - 1]!;
  return looksLikeDate(last) ? parseEndDate(last.trim()) : null;
}

function endDateFromFields(o: unknown): Date | null {
  if (!isObj(o)) return null;
  for (const k of END_KEYS) {
    const d = parseEndDate(o[k]);
    if (d) return d;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function firstText(o: Obj, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = scalarText(o[k]);
    if (v !== null && v.trim() !== '') return v;
  }
  return null;
}

/** The provider's "nothing / failed" marker: message 'error' and status 'fail'. */
const isFailMarker = (o: Obj) =>
  typeof o.message === 'string' &&
  o.message.trim().toLowerCase() === 'error' &&
  typeof o.status === 'string' &&
  o.status.trim().toLowerCase() === 'fail';

/**
 * Control characters other than tab and line breaks, which no SMS carries: NUL in particular,
 * which PostgreSQL text cannot hold (one such message would fail the batch it is written in).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const stripControl = (s: string) => s.replace(CONTROL_CHARS, '');

function makeMessage(
  rawSender: string | null,
  rawContent: string,
  rawTime: unknown,
  rawId: string | null,
  ctx: PayloadContext,
): ProviderMessage | null {
  const content = stripControl(rawContent).trim().slice(0, MAX_CONTENT_LENGTH);
  if (content === '') return null;
  const sender = resolveSender(
    rawSender === null ? null : stripControl(rawSender),
    ctx.phoneNumber,
  ).slice(0, MAX_SENDER_LENGTH);
  const id = rawId === null ? null : stripControl(rawId) || null;
  const timeText = scalarText(rawTime) ?? '';
  const dedupeKey =
    id !== null
      ? `id:${id.length <= 128 ? id : sha(id).slice(0, 32)}`
      : `h:${sha(`${sender}\n${content}\n${timeText}`).slice(0, 32)}`;
  return { sender, content, receivedAt: parseReceivedAt(rawTime, ctx.now), dedupeKey };
}

function messageFromItem(item: unknown, ctx: PayloadContext): ProviderMessage | null {
  if (typeof item === 'string') return makeMessage(null, item, undefined, null, ctx);
  if (!isObj(item) || isFailMarker(item)) return null;
  const content = firstText(item, CONTENT_KEYS);
  if (content === null) return null;
  const time = TIME_KEYS.map((k) => item[k]).find((v) => v !== undefined && v !== null && v !== '');
  const id = scalarText(item.id)?.trim() || null;
  return makeMessage(firstText(item, SENDER_KEYS), content, time, id, ctx);
}

function messagesFromList(list: unknown[], ctx: PayloadContext): ProviderMessage[] {
  const out: ProviderMessage[] = [];
  for (const item of list) {
    if (out.length >= MAX_MESSAGES_PER_PAYLOAD) break;
    const m = messageFromItem(item, ctx);
    if (m) out.push(m);
  }
  return out;
}

/**
 * Keys under which providers put one SMS's text inside `data` (`{"data": {"sms": "…"}}`,
 * `{"code": 200, "data": {"code": "Your code is …"}}`). Only inside data: at the top level `code`
 * and `msg` are usually the answer's status.
 */
const DATA_TEXT_KEYS = ['sms', 'text', 'content', 'body', 'message', 'msg', 'code'] as const;

/** `data`'s one message, when data holds an SMS text under one of DATA_TEXT_KEYS. */
function messageFromData(data: Obj, ctx: PayloadContext): ProviderMessage | null {
  const key = DATA_TEXT_KEYS.find((k) => typeof data[k] === 'string' && data[k].trim() !== '');
  if (!key) return null;
  const content = data[key] as string;
  // A status text in data ("SMS code not received yet") is no SMS: only text with a code is.
  if (extractCode(content) === null) return null;
  const time = TIME_KEYS.map((k) => data[k]).find((v) => v !== undefined && v !== null && v !== '');
  const id = scalarText(data.id)?.trim() || null;
  return makeMessage(firstText(data, SENDER_KEYS), content, time, id, ctx);
}

/** An object that is itself one message: a content field plus something only messages have. */
function looksLikeMessage(o: Obj): boolean {
  if (firstText(o, ['content', 'text', 'body', 'sms']) !== null) return true;
  return (
    firstText(o, ['message', 'msg']) !== null &&
    (firstText(o, SENDER_KEYS) !== null || TIME_KEYS.some((k) => o[k] != null) || o.id != null)
  );
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

function providerError(detail: string): ParsedPayload {
  const text = detail
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .slice(0, MAX_ERROR_LENGTH);
  return fail(`Provider error: ${text || 'unknown error'}`);
}

/** An error answer in JSON, or null: `{error}`, `{status:'error', message}`, `{success:false}`. */
function jsonError(o: Obj): ParsedPayload | null {
  const detail = () =>
    firstText(o, ['message', 'msg', 'error_message', 'description', 'detail', 'reason']);
  const e = o.error;
  if (typeof e === 'string' && e.trim() !== '') return providerError(e);
  if (isObj(e)) return providerError(firstText(e, ['message', 'msg', 'description']) ?? 'error');
  if (e === true || (typeof e === 'number' && e !== 0)) {
    return providerError(detail() ?? String(e === true ? 'error' : e));
  }
  if (Array.isArray(o.errors) && o.errors.length > 0) {
    const first = o.errors[0];
    return providerError(
      (isObj(first) ? firstText(first, ['message', 'msg']) : scalarText(first)) ?? 'error',
    );
  }
  const status = typeof o.status === 'string' ? o.status.trim() : '';
  if (/^(?:error|fail|failed|failure)$/i.test(status)) return providerError(detail() ?? status);
  if (o.success === false || o.ok === false) return providerError(detail() ?? 'request failed');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Plain text
// ---------------------------------------------------------------------------------------------

/** Waiting / nothing yet: 'NO', 'NO|…', 'WAIT', 'STATUS_WAIT_CODE', 'STATUS_CANCEL', … */
const TEXT_NOTHING = /^(?:(?:NO|WAIT|NONE|EMPTY)(?:\|.*)?|STATUS_(?!OK)[A-Z_]*)$/is;
/** sms-activate style error tokens: 'BAD_KEY', 'NO_ACTIVATION', 'ERROR_SQL', 'WRONG_SERVICE'. */
const TEXT_ERROR_TOKEN = /^(?:BAD|NO|WRONG|ERROR)_[A-Z_]+$/;
/** 'ERROR', 'Error: invalid key', 'ERROR|no balance'. */
const TEXT_ERROR_WORD = /^error(?:[\s:|]+(.*))?$/is;

/** Binary or badly decoded data: control characters other than tab and line breaks, or U+FFFD. */
function isBinary(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127 || c === 0xfffd) return true;
  }
  return false;
}

function fromText(text: string, ctx: PayloadContext): ParsedPayload {
  const t = text.trim();
  if (t === '') return okEmpty();
  if (t.length > MAX_CONTENT_LENGTH || isBinary(t)) return fail(UNRECOGNISED_ERROR);
  if (TEXT_NOTHING.test(t)) return okEmpty();
  if (TEXT_ERROR_TOKEN.test(t)) return providerError(t);
  const error = TEXT_ERROR_WORD.exec(t);
  if (error) return providerError(error[1]?.trim() || t);
  const status = /^STATUS_OK:\s*(.*)$/s.exec(t);
  if (status) {
    const content = status[1]!.replace(/^(['"])(.*)\1$/s, '$2');
    const m = makeMessage(null, content, undefined, null, ctx);
    return { ok: true, messages: m ? [m] : [], endDate: null };
  }
  if (looksLikeDate(t)) return okEmpty(parseEndDate(t));

  let parts = t.split('|');
  if (parts.length > 1 && /^(?:YES|OK)$/i.test(parts[0]!.trim())) parts = parts.slice(1);
  let endDate: Date | null = null;
  if (parts.length > 1 && looksLikeDate(parts[parts.length - 1]!)) {
    endDate = parseEndDate(parts[parts.length - 1]!.trim());
    parts = parts.slice(0, -1);
  }
  const m = makeMessage(null, parts.join('|'), undefined, null, ctx);
  return { ok: true, messages: m ? [m] : [], endDate };
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

/** Where an object keeps its messages: a list key, or a list key one level down in data/result. */
function findList(o: Obj): { list: unknown[] | null; text: string | null; present: boolean } {
  let present = false;
  for (const k of LIST_KEYS) {
    const v = o[k];
    if (Array.isArray(v)) return { list: v, text: null, present: true };
    if (typeof v === 'string') return { list: null, text: v, present: true };
    if (k in o && v === null) present = true;
  }
  for (const k of ['data', 'result'] as const) {
    const inner = o[k];
    if (!isObj(inner)) continue;
    for (const ik of LIST_KEYS) {
      const v = inner[ik];
      if (Array.isArray(v)) return { list: v, text: null, present: true };
      if (ik in inner && v === null) present = true;
    }
  }
  return { list: null, text: null, present };
}

function withEndDate(p: ParsedPayload, explicit: Date | null): ParsedPayload {
  if (!p.ok) return p;
  let endDate = explicit ?? p.endDate;
  for (const m of p.messages) {
    if (endDate) break;
    endDate = endDateFromText(m.content);
  }
  return { ...p, endDate };
}

function fromJson(v: unknown, ctx: PayloadContext): ParsedPayload {
  if (v === null || v === false) return okEmpty();
  if (typeof v === 'string') {
    // A JSON string: the same as that text, unless it is JSON again.
    const t = v.trim();
    return t.startsWith('{') || t.startsWith('[') ? fail(UNRECOGNISED_ERROR) : fromText(t, ctx);
  }
  if (Array.isArray(v)) {
    return withEndDate(
      { ok: true, messages: messagesFromList(v, ctx), endDate: null },
      endDateFromFields(v[0]),
    );
  }
  if (!isObj(v)) return fail(UNRECOGNISED_ERROR);
  if (isFailMarker(v)) return okEmpty();
  const err = jsonError(v);
  if (err) return err;

  const data = isObj(v.data) ? v.data : isObj(v.result) ? v.result : null;
  const { list, text, present } = findList(v);
  const explicit =
    endDateFromFields(v) ??
    endDateFromFields(data) ??
    (list && list.length > 0 ? endDateFromFields(list[0]) : null);

  if (list)
    return withEndDate(
      { ok: true, messages: messagesFromList(list, ctx), endDate: null },
      explicit,
    );
  if (text !== null) return withEndDate(fromText(text, ctx), explicit);
  for (const single of [v, data]) {
    if (single && !isFailMarker(single) && looksLikeMessage(single)) {
      const m = messageFromItem(single, ctx);
      return withEndDate({ ok: true, messages: m ? [m] : [], endDate: null }, explicit);
    }
  }
  const fromData = data && !isFailMarker(data) ? messageFromData(data, ctx) : null;
  if (fromData) return withEndDate({ ok: true, messages: [fromData], endDate: null }, explicit);
  // Text in data without a code is the provider's status ("SMS code not received yet"): nothing yet.
  if (data && DATA_TEXT_KEYS.some((k) => typeof data[k] === 'string')) return okEmpty(explicit);
  // An end date field (even one too old to use) or an empty list key is a known shape.
  const hasEndField = (o: Obj | null) => !!o && END_KEYS.some((k) => k in o);
  if (explicit || present || hasEndField(v) || hasEndField(data) || Object.keys(v).length === 0) {
    return okEmpty(explicit);
  }
  if (data && (isFailMarker(data) || Object.keys(data).length === 0)) return okEmpty();
  const status = typeof v.status === 'string' ? v.status.trim() : '';
  if (
    v.success === true ||
    v.ok === true ||
    /^(?:ok|success|wait\w*|pending|STATUS_\w+)$/i.test(status)
  ) {
    return okEmpty();
  }
  return fail(UNRECOGNISED_ERROR);
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/**
 * Reads a provider answer. Accepts: a JSON array of messages; `{messages|data|sms|result: […]}`
 * (also one level down in `data`); `{data: {…, endtime}}`; end date fields (`endtime`,
 * `expired_date`, `expires`, `expire_time`, `end_date`, …) at top level, in `data` or in the first
 * item; plain `YES|text`, `YES|text|YYYY-MM-DD hh:mm:ss`, `text|YYYY-MM-DD hh:mm:ss`, and
 * `STATUS_OK:text`. 'NO…', 'WAIT', 'STATUS_WAIT_CODE', an empty body or `[]` are zero messages.
 * Provider errors, HTML pages, broken JSON and unknown shapes give `{ ok: false, error }`.
 * Never throws.
 */
export function parseProviderPayload(body: string, ctx: PayloadContext): ParsedPayload {
  try {
    const t = typeof body === 'string' ? body.replace(/^\uFEFF/, '').trim() : '';
    if (t === '') return okEmpty();
    if (t.startsWith('<')) return fail(HTML_ERROR);
    let json: unknown;
    let isJson = false;
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        json = JSON.parse(t);
      } catch {
        return fail(INVALID_JSON_ERROR);
      }
      isJson = true;
    } else if (/^(?:null|true|false|-?\d[\d.eE+-]*|".*")$/s.test(t)) {
      try {
        json = JSON.parse(t);
        isJson = true;
      } catch {
        // Not JSON after all ('2025-06-01', '1.2.3'): read as text.
      }
    }
    return isJson ? fromJson(json, ctx) : fromText(t, ctx);
  } catch {
    return fail(UNRECOGNISED_ERROR);
  }
}
