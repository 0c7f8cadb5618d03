import { describe, expect, it } from 'vitest';
import {
  extractCode,
  isVerificationMessage,
  messageListQuerySchema,
  messageListResponseSchema,
  messageSchema,
  resolveSender,
} from './messages.ts';

/** Real-looking verification SMS: [text, code]. Every one of them is also kept by the filter. */
const CODES: [string, string][] = [
  // English, the big services
  [
    'Telegram code: 48213. Do not give this code to anyone, even if they say they are from Telegram!',
    '48213',
  ],
  ["<#> Your WhatsApp code: 123-456. Don't share this code with others. 4sgLq1p5sV6", '123456'],
  ['G-482193 is your Google verification code.', '482193'],
  ['Use 482193 as Microsoft account security code.', '482193'],
  ['482193 is your Amazon OTP. Do not share it with anyone.', '482193'],
  ['Your Discord verification code is: 482193', '482193'],
  ['[TikTok] 482193 is your verification code, valid for 5 minutes.', '482193'],
  ["Your Apple ID Code is: 482193. Don't share it with anyone.", '482193'],
  ["Instagram: 482 193 is your security code. Don't share it.", '482193'],
  ['Your Facebook confirmation code is 48219', '48219'],
  ['FB-48219 is your Facebook confirmation code', '48219'],
  ['Twitter: Your confirmation code is 482193. Please enter it in the next 30 minutes.', '482193'],
  ['Netflix: Your verification code is 482193. It expires in 15 minutes.', '482193'],
  ['Coinbase: 4821937 is your verification code. Do not share.', '4821937'],
  ['Your one-time passcode is 48219306', '48219306'],
  ['Yahoo: 482193 is your sign-in code', '482193'],
  ['Hi, your Steam Guard code: 48219', '48219'],
  ['Your Tinder code is 482193 @tinder.com #482193', '482193'],
  ['Use 482 193 to log in to Snapchat', '482193'],
  ['Your Lyft code is 4821', '4821'],
  ['4821', '4821'],
  ['Your code is 4821.Thanks', '4821'],
  // Spanish
  ['Tu código de verificación de WhatsApp es 482-193', '482193'],
  ['Código de seguridad de Mercado Libre: 482193. No lo compartas.', '482193'],
  ['Tu clave de acceso es 482193', '482193'],
  // Portuguese
  ['Seu código de verificação do Nubank é 482193', '482193'],
  ['Sua senha de acesso: 4821. Não compartilhe.', '4821'],
  ['iFood: 482193 é o seu código de confirmação.', '482193'],
  // Russian
  ['Ваш код: 482193. Никому не сообщайте его.', '482193'],
  ['Никому не говорите код 482193! Yandex', '482193'],
  ['Тинькофф: код для входа 4821. Не сообщайте его никому.', '4821'],
  ['Ваш пароль для входа 482193', '482193'],
  ['123 456 — ваш код для входа в Госуслуги', '123456'],
  // Chinese (no spaces around the code, full-width punctuation and digits)
  ['【腾讯科技】您的验证码为482193，5分钟内有效，请勿泄露。', '482193'],
  ['【支付宝】验证码：482193，您正在登录，若非本人操作请忽略。', '482193'],
  ['您的驗證碼是 482193，請於10分鐘內輸入。', '482193'],
  ['【淘宝】您的验证码是４８２１９３，有效期5分钟。', '482193'],
  ['482193是您的验证码，请勿告诉他人', '482193'],
  // German
  ['Ihr Bestätigungscode lautet 482193. Er ist 10 Minuten gültig.', '482193'],
  ['Dein Sicherheitscode für PayPal: 482193', '482193'],
  ['Ihre TAN lautet: 482193', '482193'],
  // French
  ['Votre code de vérification est 482193. Il expire dans 10 minutes.', '482193'],
  ['Votre code Doctolib : 482193', '482193'],
  // Turkish, Polish ('kod')
  ['Kodunuz: 482193. Bu kodu kimseyle paylaşmayın.', '482193'],
  ['Twój kod weryfikacyjny to 482193', '482193'],
  // Codes next to a keyword win over other numbers in the same text
  ['Your code is 4821, valid until 2025', '4821'],
  ['Your Uber code: 4821. Reply STOP to (555) 123-4567 to unsubscribe.', '4821'],
  ['Your PIN is 4821. Call (555) 123-4567 if you did not request it.', '4821'],
  ['Order 12345 shipped. Your delivery PIN: 8812', '8812'],
  ['Ref 77123: your verification code is 482193', '482193'],
  ['Your code is 123456. Ref 20250102', '123456'],
  ['Ihre mTAN für die Überweisung von 1500 EUR lautet: 482193', '482193'],
  ['Код подтверждения: 4821. Сумма 1500 руб.', '4821'],
  ['Your Binance verification code: 482193. Sent at 2025-01-02 12:30:45', '482193'],
  ['Tel: +44 20 7946 0958 — code 4821', '4821'],
  ['+7 912 345-67-89 ваш код 4821', '4821'],
  ['Use 482193 to log in. Visit www.example.com/4821', '482193'],
  ['Call +1 555 123 4567 for help. Code 8812', '8812'],
  // A year-like number only when a code word points right at it
  ['code: 2024', '2024'],
  ['Your verification code is 2024', '2024'],
  ['2019 is your Acme code', '2019'],
  ['Ваш код подтверждения: 2024', '2024'],
  ['验证码：2023', '2023'],
  ['Your code 1234-5678 expires soon', '12345678'],
  // Marks around a code that elsewhere mean something else
  ['Your code is *4821*', '4821'],
  ['您的验证码为【482193】，5分钟内有效', '482193'],
  // Arabic-Indic and Persian digits read as the digits the user types
  ['رمز التحقق: ٤٨٢١٩٣', '482193'],
  ['کد تایید شما: ۴۸۲۱', '4821'],
];

/** Numbers that are never a code: [what, text]. */
const NEVER: [string, string][] = [
  ['a year in a copyright line', '© 2025 Acme Inc. All rights reserved.'],
  ['a year in a sentence', 'Happy New Year 2025 from all of us'],
  ['an ISO date', 'Your appointment: 2025-01-02'],
  ['a US date', 'Paid on 02/01/2025'],
  ['a dotted date', 'Delivered 12.05.2024'],
  ['a slashed ISO date', 'Shipped 2025/01/02'],
  ['a Chinese date', '2025年1月2日'],
  ['a YYYYMMDD date', 'Ref 20250102: your parcel arrives tomorrow'],
  ['a time hh:mm', 'Meeting at 12:30'],
  ['a time hh:mm:ss', 'Sent at 14:30:00'],
  ['a time written 1230h', 'The train leaves at 1230h'],
  ['a time in hours', 'Open until 1800 hrs'],
  ['a dollar price', 'Your order total is $1234'],
  ['a decimal price', 'Total: 1234.56'],
  ['a euro price', 'Thanks for your purchase of €1200'],
  ['a price with the sign after', 'Prix : 1200€'],
  ['a real price', 'Valor: R$ 1500'],
  ['thousands with a comma', 'You spent 1,234 points, 12,345 left'],
  ['a decimal comma', 'Balance: 12345,67 ₽'],
  ['an amount in USD', 'Your bill: 1500 USD'],
  ['an amount in roubles', 'Pago recibido: 1500 руб.'],
  ['an amount in yuan', '您已支付1500元'],
  ['a percentage', 'Save 1234% today!'],
  ['a percentage with a space', 'Growth 1500 %'],
  ['a phone number with +1 and spaces', 'Call us at +1 555 123 4567'],
  ['a phone number in brackets', 'Call (555) 123-4567 now'],
  ['a dashed phone number', 'Call 555-123-4567'],
  ['a 10-digit run', 'Call 5551234567'],
  ['an international phone number', '+44 7911 123456 sent you a message'],
  ['a Russian phone number', 'Звоните +7 912 345-67-89'],
  ['a local phone number', 'Call 555-1234 now'],
  ['a card number', 'Card 1234 5678 9012 3456 charged'],
  ['grouped thousands', 'Сумма 1 234 567 руб'],
  ['an order number', 'Order #12345 confirmed'],
  ['a numbered reference', 'Order No. 48219 confirmed'],
  ['a number in a link', 'Visit https://example.com:8080/verify/482193'],
  ['a number glued to letters', 'Use promo SAVE2024 or X1234Y'],
  ["a card's last digits", 'Card ending in 4821 charged $12.00'],
  ['a masked card', 'Карта *4821: покупка 1500 р'],
  ['a card brand and digits', 'MIR-4821 14:32 зачисление'],
  ['a Chinese card tail', '您尾号4821的储蓄卡支出128.00元'],
  ['an SMS short code', 'Reply STOP to 78345 to opt out'],
  ['points', 'You earned 1500 points'],
  ['an order number', 'Order 48213 shipped'],
  ['a flight number', 'Flight UA 1532 departs at 6:45 PM'],
  ['a sender in brackets', '【12306】您已购票，请按时乘车。'],
  ['a service phone number', '如有疑问请致电95588'],
  ['no number at all', 'Your verification code has expired'],
  ['an empty text', ''],
];

/** The filter: [text, kept]. */
const FILTER: [string, boolean][] = [
  // the rule (docs/product-rules.md): non-empty
  ['', false],
  ['   \n\t ', false],
  // the rule: never when it contains 'false' (case-sensitive, as written)
  ['false', false],
  ['Your code is 482193 false', false],
  ['Your OTP: 482193false', false],
  ['FALSE alarm, code 4821', true],
  // the rule: 'code', 'otp' or 'confirmation', any case, even without a number
  ['Your verification CODE has expired', true],
  ['OTP sent', true],
  ['Confirmation pending', true],
  ['QR code ready', true],
  // the rule: a standalone 4 to 6 digit number
  ['Order 12345 shipped', true],
  ['Paid on 2025-01-02', true],
  ['482193', true],
  ['\n 4821 \n', true],
  ['验证码482193', true],
  ['Call 5551234567', false],
  ['Use promo SAVE2024', false],
  ['Ref 123', false],
  ['Hello there', false],
  ['verification pending', false],
  ['Your balance is 1 234 567 сум', false],
  ['The train leaves at 1230h', false],
  // beyond the rule: kept because a code is found
  ['Ваш пароль 1234567', true],
  ['Пароль: 123 456', true],
  ['G-12345678', true],
  ['Contraseña: 48219306', true],
  // beyond the rule does not bring back numbers that are not codes
  ['Order #1234567 shipped', false],
  ['Ref 20250102', false],
  ['Balance: 12 345,67 ₽', false],
  // …but the rule itself still keeps any standalone 4 to 6 digit number
  ['Card 1234 5678 9012 3456', true],
];

describe('extractCode', () => {
  it.each(CODES)('reads %j', (text, code) => {
    expect(extractCode(text)).toBe(code);
  });

  it.each(NEVER)('never takes %s', (_what, text) => {
    expect(extractCode(text)).toBeNull();
  });

  it.each([
    ['a price and a code', 'Paid $1234. Your code: 4821', '4821'],
    ['a date and a code', 'On 2025-01-02 your code was 8812', '8812'],
    ['a phone number and a code', '(555) 123-4567: 8812 is your code', '8812'],
    ['a year and a code', '© 2025 Acme. Your code 4821', '4821'],
    ['a percentage and a code', '50% off! Code 4821', '4821'],
    ['a time and a code', '12:30 — code 4821', '4821'],
  ])('skips %s in one text', (_what, text, code) => {
    expect(extractCode(text)).toBe(code);
  });

  it('prefers a 4–6 digit run to a longer one when nothing points at either', () => {
    expect(extractCode('12345678 then 4821')).toBe('4821');
    expect(extractCode('Ticket 12345678')).toBe('12345678');
  });

  it('takes the first code when several are equally likely', () => {
    expect(extractCode('Codes: 4821 or 9910')).toBe('4821');
    expect(extractCode('Use 4821 or 9910')).toBe('4821');
  });

  it('takes the code nearest to its keyword', () => {
    expect(extractCode('Use 4821 to verify your account. Ref 7788')).toBe('4821');
  });
});

describe('isVerificationMessage', () => {
  it.each(FILTER)('%j → %s', (text, kept) => {
    expect(isVerificationMessage(text)).toBe(kept);
  });

  it.each(CODES)('keeps %j', (text) => {
    expect(isVerificationMessage(text)).toBe(true);
  });
});

describe('resolveSender', () => {
  it.each([
    ['Google', 'Google'],
    [' WhatsApp ', 'WhatsApp'],
    ['system', '5551234567'],
    ['SYSTEM', '5551234567'],
    ['', '5551234567'],
    [null, '5551234567'],
    [undefined, '5551234567'],
    ['+15557654321', '+15557654321'],
  ])('%j → %j', (sender, expected) => {
    expect(resolveSender(sender, '5551234567')).toBe(expected);
  });
});

describe('message schemas', () => {
  const message = {
    id: '7f3c1b9e-6a0d-4c1e-9a55-2d8f0c1b2a33',
    voipNumberId: '1c9d7e2a-5b4f-4d3c-8e1a-9f0b2c3d4e5f',
    phoneNumber: '5551234567',
    sender: 'Google',
    content: 'G-482193 is your Google verification code.',
    code: '482193',
    receivedAt: '2025-06-01T12:00:00.000Z',
  };

  it('reads a message and a page of messages', () => {
    expect(messageSchema.parse(message)).toEqual(message);
    expect(messageSchema.parse({ ...message, code: null }).code).toBeNull();
    expect(messageListResponseSchema.parse({ items: [message], nextCursor: 'abc' })).toEqual({
      items: [message],
      nextCursor: 'abc',
    });
  });

  it('refuses a message with a bad id or a missing code field', () => {
    expect(messageSchema.safeParse({ ...message, id: 'x' }).success).toBe(false);
    const { code: _code, ...noCode } = message;
    expect(messageSchema.safeParse(noCode).success).toBe(false);
  });

  it('defaults the page size to 50 and trims the search text', () => {
    expect(messageListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(
      messageListQuerySchema.parse({
        numberId: message.voipNumberId,
        q: '  google ',
        from: '2025-01-01',
        to: '2025-01-31',
        cursor: 'abc',
        limit: '200',
      }),
    ).toEqual({
      numberId: message.voipNumberId,
      q: 'google',
      from: '2025-01-01',
      to: '2025-01-31',
      cursor: 'abc',
      limit: 200,
    });
  });

  it.each([
    ['limit 0', { limit: '0' }],
    ['limit 201', { limit: '201' }],
    ['fractional limit', { limit: '2.5' }],
    ['bad number id', { numberId: 'not-a-uuid' }],
    ['bad start date', { from: '2025-13-01' }],
    ['date-time as end date', { to: '2025-01-31T00:00:00Z' }],
    ['start date in year 0', { from: '0000-01-01' }],
    ['start date before 1970', { from: '1969-12-31' }],
    ['end date whose next day is year 10000', { to: '9999-12-31' }],
    ['six-digit year', { to: '+275760-09-13' }],
    ['long search text', { q: 'x'.repeat(201) }],
    ['long cursor', { cursor: 'x'.repeat(201) }],
  ])('refuses a query with %s', (_what, query) => {
    expect(messageListQuerySchema.safeParse(query).success).toBe(false);
  });
});
