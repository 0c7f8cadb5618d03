import { z } from 'zod';

/*
 * Verification messages: the keep/drop filter (product rules), code extraction and the API schemas.
 * Pure and I/O-free; used by the poller (server) and by the pages that highlight codes (client).
 */

// ---------------------------------------------------------------------------------------------
// Filter
// ---------------------------------------------------------------------------------------------

/**
 * Whether a provider message is kept. The product's rule: content is non-empty after
 * trimming, does not contain 'false' (as written: case-sensitive), and either contains 'code',
 * 'otp' or 'confirmation' (case-insensitive) or has a standalone 4 to 6 digit number. Past the
 * rule (product rules), a message in which {@link extractCode} finds a code
 * (`123 456`, a 7–8 digit code, a code next to 'пароль', …) is kept too.
 */
export function isVerificationMessage(content: string): boolean {
  const text = content.trim();
  if (text === '' || text.includes('false')) return false;
  if (/code|otp|confirmation/i.test(text) || /\b\d{4,6}\b/.test(text)) return true;
  return extractCode(text) !== null;
}

/** A sender 'system' (any case) or a missing sender is shown as the number's own phone number. */
export function resolveSender(sender: string | null | undefined, phoneNumber: string): string {
  const s = (sender ?? '').trim();
  return s === '' || s.toLowerCase() === 'system' ? phoneNumber : s;
}

// ---------------------------------------------------------------------------------------------
// Code extraction
// ---------------------------------------------------------------------------------------------

/** Longest text examined; SMS are far shorter, this only bounds the work on garbage. */
const MAX_SCAN = 4000;

/** Placeholder for masked spans (phone numbers, URLs): neither a digit nor punctuation. */
const MASK = '\u0001';

const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}_]/u;

/**
 * A character that glues onto a number, so the number is not standalone. CJK text has no spaces
 * ('验证码123456'), so ideographs and kana count as separators.
 */
function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && LETTER_OR_NUMBER.test(ch) && !CJK.test(ch);
}

/** Phone numbers: North American forms, then '+'-prefixed international ones (8+ digits). */
const NANP_PHONE = /(?<!\d)(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}(?!\d)/g;
const INTL_PHONE = /\+\d{1,4}(?:[ .-]?\(?\d{1,5}\)?){1,6}(?!\d)/g;
const URL = /\b(?:https?:\/\/|www\.)\S+/gi;
/**
 * A sender in lenticular brackets opening a CJK message ('【12306】', '【淘宝】') or closing it (not
 * all digits there: '验证码【4821】' is a code).
 */
const BRAND = /^\s*【[^】]{1,30}】|【(?=[^】]{0,29}[^】\d])[^】]{1,30}】\s*$/g;

/** Before a number: a currency sign or code ('$1234', 'R$ 1234', 'USD 1500', 'Rs. 500'). */
const CURRENCY_BEFORE =
  /(?:[$€£¥￥₽₹₩₺₴₦฿¢]|(?<![\p{L}])(?:usd|eur|gbp|rub|brl|cny|rmb|inr|mxn|jpy|chf|cad|aud|rs\.?))\s?$/iu;

/**
 * After a number: percent, currency or a unit ('1234%', '1500 USD', '1500 руб.', '1500元', '1500
 * points').
 */
const AMOUNT_AFTER = new RegExp(
  String.raw`^\s?(?:%|[$€£¥￥₽₹₩₺₴₦฿¢元円块원]|(?:` +
    [
      'usd|eur|gbp|rub|brl|cny|rmb|inr|mxn|jpy|chf|cad|aud|pln|uah|kzt',
      'dollars?|euros?|reais|real|pesos?|yuan|yen|rupees?|pounds?',
      'руб\\p{L}*|р\\.?|грн|тенге|zł|ريال|درهم|جنيه|دينار',
      'hrs?|hours?|mins?|minutes?|minutos?|minuten|secs?|seconds?|segundos?|sekunden',
      'мин\\p{L}*|час\\p{L}*|сек\\p{L}*|分钟|小时|秒',
      'km|kg|mb|gb|kb|ms|mm|cm|px',
      'points?|pts|miles|puntos|pontos|балл\\p{L}*|бонус\\p{L}*|积分|ポイント|포인트',
    ].join('|') +
    String.raw`)(?![\p{L}]))`,
  'iu',
);

/**
 * Before a number: an order, reference or flight marker ('#12345', '№ 1234', 'No. 1234', 'n° 1234',
 * 'Order 48213', 'Tu pedido 48213', 'Ваш заказ 48213', '订单号：48213', 'Flight UA 1532',
 * 'Рейс SU 1402').
 */
const REFERENCE_BEFORE =
  /(?:#|№|订单号?|注文番号|주문번호|(?<![\p{L}])(?:(?:no|nr|n[°º])\.?|order|pedido|заказ|bestellung|commande|sipari\p{L}*|(?:flight|flug|vuelo|voo|vol|рейс)(?:\s[A-Z\d]{2})?))[\s:：]?$/iu;

/**
 * Around a number that is never a code: a card's or account's last digits ('card ending 4821',
 * '*1234', 'MIR-1234', 'terminada en', 'cartão final', '尾号1234', '账户1234', '카드(1234)',
 * '4821 ile biten kart'), an SMS short code ('Reply STOP to 78345', 'Envía BAJA al 22555') or a
 * service phone number ('致电95588').
 */
const NOT_CODE_BEFORE = new RegExp(
  String.raw`(?:\*|(?<![\p{L}])(?:` +
    [
      'ending(?: in)?|ends in|terminad[ao] en|terminaci[oó]n|final|se terminant par|المنتهية بـ?',
      'mir|visa|mc|ecmc|maestro|amex',
      '(?:stop|help|baja|ayuda|sair|стоп)\\s(?:to|al|para|на)',
    ].join('|') +
    String.raw`)|尾号|账户|카드|致电|拨打|热线|电话)[\s:(-]{0,2}$`,
  'iu',
);
const NOT_CODE_AFTER = /^\sile biten/i;

/**
 * Code words. Strong ones name the code itself; soft ones only say what it is for. Stems may sit
 * inside a longer word (Bestätigungscode, passcode, подтверждения); short words need boundaries.
 */
const STRONG_KEYWORD = new RegExp(
  [
    'code',
    'c[oó]digo',
    'codice',
    'код',
    '(?<![\\p{L}])(?:kod|kodu|kodunuz|kodem)(?![\\p{L}])',
    '(?<![\\p{L}])(?:otp|pin|m?tan|2fa|token)(?![\\p{L}])',
    'passwor[dt]',
    'kennwort',
    'contrase[ñn]a',
    'senha',
    'clave',
    'mot de passe',
    'пароль',
    'парол\\p{L}*',
    'hasło',
    '(?<![\\p{L}])[şs]ifre',
    'رمز|كود',
    '验证码|驗證碼|校验码|校驗碼|确认码|確認碼|动态码|動態碼|认证码|認證碼|验证|驗證|密码|密碼',
    'コード|パスワード|認証番号|인증번호|인증 번호',
  ].join('|'),
  'giu',
);
const SOFT_KEYWORD = new RegExp(
  [
    'v[eé]rif\\p{L}*',
    'confirm\\p{L}*',
    'best[äa]tig\\p{L}*',
    'подтвержд\\p{L}*',
    '(?<![\\p{L}])(?:login|log in|sign[- ]?in|one[- ]time)(?![\\p{L}])',
  ].join('|'),
  'giu',
);

/** Between a keyword and the code right after it: punctuation and a linking word at most. */
const DIRECT_AFTER_KEYWORD =
  /^[\s\p{P}\p{S}]*(?:(?:is|es|é|est|ist|lautet|será|sera|равен|это|为|是)[\s\p{P}\p{S}]*)?$/iu;
/** Between a code and the keyword after it: '123456 is your Google verification code'. */
const DIRECT_BEFORE_KEYWORD =
  /^[\s\p{P}]*(?:(?:is|es|é|est|ist|это|是|为)[\s\p{P}]*)?(?:(?:your|tu|su|seu|sua|o seu|a sua|votre|ton|ihr|dein|ваш\p{L}*|您的|你的|您|你)[\s\p{P}]*)?(?:[\p{L}.&'-]{1,20}\s+)?$/iu;
/** A linking word right before a number with no code word: 'Your Uber number is 1234'. */
const LINK_WORD_BEFORE = /(?<![\p{L}])(?:is|es|é|est|ist|lautet)[\s:]*$/iu;

const NEAR_BEFORE = 60;
const NEAR_AFTER = 40;

type Keyword = { start: number; end: number; strong: boolean };

type Candidate = {
  digits: string;
  start: number;
  end: number;
  /**
   * Years, YYYYMMDD dates, '#'-references and '1234-5678': taken only right next to a strong
   * code word.
   */
  weak: boolean;
  /** 'G-123456': the prefix itself says "code". */
  prefixed: boolean;
};

/** Overwrite phone numbers, links and '【sender】' so their digits are never read as codes. */
function maskNonCodes(text: string): string {
  const mask = (s: string, re: RegExp, minDigits = 0) =>
    s.replace(re, (m) => (m.replace(/\D/g, '').length >= minDigits ? MASK.repeat(m.length) : m));
  let s = mask(text, URL);
  s = mask(s, BRAND);
  s = mask(s, NANP_PHONE, 10);
  s = mask(s, INTL_PHONE, 8);
  return s;
}

/**
 * Full-width digits ('１２３４５６', common in CJK messages) and Arabic-Indic ones ('٤٨٢١٩٣', '۴۸۲')
 * read as ASCII digits. Each block starts at a code point ending in 0, and a character stays one.
 */
const toAsciiDigits = (s: string) =>
  s.replace(/[\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9]/g, (d) =>
    String.fromCharCode(48 + (d.charCodeAt(0) & 15)),
  );

function findKeywords(s: string): Keyword[] {
  const found: Keyword[] = [];
  for (const [re, strong] of [
    [STRONG_KEYWORD, true],
    [SOFT_KEYWORD, false],
  ] as const) {
    re.lastIndex = 0;
    for (const m of s.matchAll(re))
      found.push({ start: m.index, end: m.index + m[0].length, strong });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // Merge phrases ('verification code', 'código de verificación', 'код подтверждения').
  const merged: Keyword[] = [];
  for (const k of found) {
    const last = merged[merged.length - 1];
    if (last && k.start <= last.end) {
      last.end = Math.max(last.end, k.end);
      last.strong ||= k.strong;
    } else if (last && /^[\s-]*(?:\p{L}{1,3}\s+)?$/u.test(s.slice(last.end, k.start))) {
      last.end = k.end;
      last.strong ||= k.strong;
    } else {
      merged.push({ ...k });
    }
  }
  return merged;
}

/** True when the span is part of an amount, date, time, decimal, bigger number or a word. */
function isNonCode(s: string, start: number, end: number, joined: boolean): boolean {
  if (isWordChar(s[start - 1]) || isWordChar(s[end])) return true;
  const before = s.slice(Math.max(0, start - 12), start);
  const after = s.slice(end, end + 16);
  // Joined codes may not continue with more digit groups; plain runs may not touch another group
  // of 3+ digits across one space ('1234 5678 9012 3456' is a card or account number).
  const glued = joined
    ? [/\d[\s.,:/-]?$/, /^[\s.,:/-]?\d/]
    : [/(?:\d[.,:/-]|\d{3} )$/, /^(?:[.,:/-]\d| \d{3})/];
  if (glued[0]!.test(before) || glued[1]!.test(after)) return true;
  if (CURRENCY_BEFORE.test(before) || AMOUNT_AFTER.test(after) || NOT_CODE_AFTER.test(after))
    return true;
  // '*1234' is a card; '*1234*' is bold.
  const wider = s.slice(Math.max(0, start - 20), start);
  return NOT_CODE_BEFORE.test(wider) && !(wider.endsWith('*') && after.startsWith('*'));
}

function isWeak(s: string, start: number, digits: string): boolean {
  const n = Number(digits);
  if (digits.length === 4 && n >= 1900 && n <= 2099) return true;
  if (/^(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(digits)) return true;
  return REFERENCE_BEFORE.test(s.slice(Math.max(0, start - 16), start));
}

function findCandidates(s: string): Candidate[] {
  const out: Candidate[] = [];
  const add = (digits: string, start: number, end: number, prefixed: boolean) =>
    out.push({ digits, start, end, weak: isWeak(s, start, digits), prefixed });
  // Plain runs of 4–8 digits.
  for (const m of s.matchAll(/\d+/g)) {
    const len = m[0].length;
    if (len < 4 || len > 8) continue;
    if (!isNonCode(s, m.index, m.index + len, false)) add(m[0], m.index, m.index + len, false);
  }
  // '123-456' and '123 456'; '1234-5678' only right next to a code word (it may be a phone).
  for (const m of s.matchAll(/(?<!\d)(?:(\d{3})[ -](\d{3})|(\d{4})-(\d{4}))(?!\d)/g)) {
    const end = m.index + m[0].length;
    if (isNonCode(s, m.index, end, true)) continue;
    if (m[1] && m[2]) add(m[1] + m[2], m.index, end, false);
    else if (m[3] && m[4])
      out.push({ digits: m[3] + m[4], start: m.index, end, weak: true, prefixed: false });
  }
  // 'G-123456', 'FB-12345'.
  for (const m of s.matchAll(/([A-Z]{1,4})-(\d{4,8})/g)) {
    const end = m.index + m[0].length;
    if (isWordChar(s[m.index - 1]) || isNonCode(s, m.index + m[1]!.length + 1, end, false))
      continue;
    add(m[2]!, m.index + m[1]!.length + 1, end, true);
  }
  return out;
}

/**
 * How strongly the text points at a candidate: 4 = right next to a strong code word, 3 = near a
 * strong word or right next to a soft one, 2 = near a soft word, a 'G-' prefix or 'is 1234',
 * 1 = nothing. `distance` (characters to the keyword) breaks ties.
 */
function rate(s: string, c: Candidate, keywords: Keyword[]): { score: number; distance: number } {
  let score = c.prefixed ? 2 : 1;
  let distance = Number.POSITIVE_INFINITY;
  const consider = (value: number, d: number) => {
    if (value > score || (value === score && d < distance)) {
      score = value;
      distance = d;
    }
  };
  // Keywords are sorted and disjoint: start at the first one that ends within reach.
  let lo = 0;
  for (let hi = keywords.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (keywords[mid]!.end < c.start - NEAR_BEFORE) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < keywords.length && keywords[i]!.start <= c.end + NEAR_AFTER; i++) {
    const k = keywords[i]!;
    if (k.end <= c.start) {
      const gap = s.slice(k.end, c.start);
      if (gap.length > NEAR_BEFORE || /\d/.test(gap)) continue;
      const direct = DIRECT_AFTER_KEYWORD.test(gap);
      consider(k.strong ? (direct ? 4 : 3) : direct ? 3 : 2, gap.length);
    } else if (k.start >= c.end) {
      const gap = s.slice(c.end, k.start);
      if (gap.length > NEAR_AFTER || /\d/.test(gap)) continue;
      const direct = DIRECT_BEFORE_KEYWORD.test(gap);
      consider(k.strong ? (direct ? 4 : 3) : direct ? 3 : 2, gap.length);
    }
  }
  if (score < 2 && LINK_WORD_BEFORE.test(s.slice(Math.max(0, c.start - 12), c.start))) score = 2;
  return { score, distance };
}

/**
 * The verification code in a message, digits only ('123-456' → '123456', 'G-123456' → '123456'),
 * or null. Reads plain 4–8 digit codes (4–6 preferred, as in "the first 4 to 6 digit run"),
 * '123-456', '123 456' and 'G-123456'; a code next to a code word (code, código, код, 验证码,
 * kod, OTP, PIN, token, passcode, verification, …) wins over other numbers in the text. Never
 * reads prices, percentages, amounts, points, dates, times, phone numbers, numbers in links, a
 * card's last digits, SMS short codes or a '【sender】', nor a year (1900–2099), order or flight
 * number unless a code word points right at it ('code: 2024'). Full-width and Arabic-Indic digits
 * are read as ASCII ones. Checked against code-corpus.json.
 */
export function extractCode(content: string): string | null {
  const s = maskNonCodes(toAsciiDigits(content.slice(0, MAX_SCAN)));
  const keywords = findKeywords(s);
  let best: { c: Candidate; score: number; distance: number; short: boolean } | null = null;
  for (const c of findCandidates(s)) {
    const { score, distance } = rate(s, c, keywords);
    if (c.weak && score < 4) continue;
    const short = c.digits.length <= 6;
    const better =
      !best ||
      score > best.score ||
      (score === best.score &&
        (distance < best.distance ||
          (distance === best.distance &&
            ((short && !best.short) || (short === best.short && c.start < best.c.start)))));
    if (better) best = { c, score, distance, short };
  }
  return best ? best.c.digits : null;
}

// ---------------------------------------------------------------------------------------------
// API schemas (GET /v1/messages)
// ---------------------------------------------------------------------------------------------

export const MESSAGES_PAGE_MAX = 200;

export const messageSchema = z.object({
  id: z.uuid(),
  voipNumberId: z.uuid(),
  /** The number it arrived on, 10 digits. */
  phoneNumber: z.string(),
  sender: z.string(),
  content: z.string(),
  /** The extracted code, digits only. */
  code: z.string().nullable(),
  /** ISO 8601 (as `Date.toISOString()`), like the datetimes in numbers.ts. */
  receivedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Days the history filter takes: PostgreSQL holds them, and the day after `to` is still in 9999. */
export const MIN_FILTER_DATE = '1970-01-01';
export const MAX_FILTER_DATE = '9999-12-30';
const filterDate = (formatError: string) =>
  z.iso
    .date(formatError)
    .refine((d) => d >= MIN_FILTER_DATE && d <= MAX_FILTER_DATE, 'validation.messages.dateRange');

export const messageListQuerySchema = z.object({
  numberId: z.uuid('validation.unknownNumber').optional(),
  q: z.string().trim().max(200).optional(),
  /** First day, YYYY-MM-DD. */
  from: filterDate('validation.messages.fromFormat').optional(),
  /** Last day, YYYY-MM-DD. */
  to: filterDate('validation.messages.toFormat').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(50),
});

export const messageListResponseSchema = z.object({
  items: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});
export type MessageList = z.infer<typeof messageListResponseSchema>;
