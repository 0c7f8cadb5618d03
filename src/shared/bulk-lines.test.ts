import { describe, expect, it } from 'vitest';
import { storedText } from '../server/i18n.ts';
import { parseBulkLine } from './bulk-lines.ts';
import { formatPhone, normalizePhone } from './phone.ts';
import { isValidApiLink } from './numbers.ts';
import { tagColor } from './tag-colors.ts';

const L = 'https://sms.example.com/api?key=abc&n=1';
const EXPECTED_FORMAT =
  'phone----link, phone|link|tags, phone<TAB>link, link<TAB>phone or phone link';

describe('parseBulkLine', () => {
  it.each([
    ['phone----link', `5551234567----${L}`, []],
    ['+1phone----link', `+15551234567----${L}`, []],
    ['phone|link', `5551234567|${L}`, []],
    ['phone|link|tags', `(555) 123-4567|${L}|Telegram, WhatsApp`, ['Telegram', 'WhatsApp']],
    ['phone TAB link', `5551234567\t${L}`, []],
    ['link TAB phone', `${L}\t5551234567`, []],
    ['link TAB +1phone', `${L}\t+15551234567`, []],
    ['phone SPACE link', `5551234567 ${L}`, []],
    ['formatted phone SPACE link', `+1 555 123 4567 ${L}`, []],
    ['link----phone', `${L}----5551234567`, []],
  ])('reads %s', (_n, line, tags) => {
    expect(parseBulkLine(line, 1)).toEqual({
      ok: true,
      value: { phone: '5551234567', link: L, tagNames: tags },
    });
  });

  it.each([
    ['no separator', '5551234567', `Line 4: Invalid format. Expected format: ${EXPECTED_FORMAT}`],
    [
      'words, no number, no link',
      'this line is not a number',
      `Line 4: Invalid format. Expected format: ${EXPECTED_FORMAT}`,
    ],
    [
      'pipes, no number, no link',
      'abc|def',
      `Line 4: Invalid format. Expected format: ${EXPECTED_FORMAT}`,
    ],
    ['9 digits', `555123456----${L}`, 'Line 4: Invalid phone number. Must be exactly 10 digits.'],
    ['11 digits', `55512345678|${L}`, 'Line 4: Invalid phone number. Must be exactly 10 digits.'],
    ['letters', `555-CALL-NOW ${L}`, 'Line 4: Invalid phone number. Must be exactly 10 digits.'],
    [
      'ftp link',
      '5551234567|ftp://x.example.com/a',
      'Line 4: Invalid API link. Must start with http.',
    ],
    [
      'javascript link',
      '5551234567 javascript:alert(1)',
      'Line 4: Invalid API link. Must start with http.',
    ],
    ['missing link', '5551234567|', 'Line 4: Invalid API link. Must start with http.'],
  ])('refuses %s with its message', (_n, line, message) => {
    const parsed = parseBulkLine(line, 4);
    expect(parsed.ok).toBe(false);
    // A catalogue message with the line's number, read as the server answers it.
    if (!parsed.ok) expect(storedText('en', parsed.message)).toBe(message);
  });

  it('names the formats without tags where tags do not apply, in any language', () => {
    const parsed = parseBulkLine('no number here', 2, false);
    expect(parsed).toEqual({ ok: false, message: 'validation.lines.formatNoTags {"line":2}' });
    if (parsed.ok) return;
    expect(storedText('en', parsed.message)).toBe(
      'Line 2: Invalid format. Expected format: phone|link, phone----link, phone<TAB>link, link<TAB>phone or phone link',
    );
    expect(storedText('ru', parsed.message)).toMatch(/^Строка 2: неверный формат/);
  });
});

describe('phone helpers', () => {
  it('normalises: strips a leading +1 and all non-digits', () => {
    expect(normalizePhone(' +1 (555) 123-4567 ')).toBe('5551234567');
    expect(normalizePhone('15551234567')).toBe('15551234567');
  });
  it('formats 10 digits as (XXX) XXX-XXXX', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('123')).toBe('123');
  });
});

describe('isValidApiLink', () => {
  it.each([
    [L, true],
    ['http://127.0.0.1:8080/x', true],
    ['ftp://a.example.com', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['http:/x', false],
    [`https://a.example.com/${'x'.repeat(2048)}`, false],
  ])('%s → %s', (link, ok) => expect(isValidApiLink(link)).toBe(ok));
});

describe('tagColor', () => {
  it('uses the fixed scheme for named services, case-insensitively', () => {
    expect(tagColor('Telegram')).toEqual(tagColor(' telegram '));
    expect(tagColor('Telegram').bg).toMatch(/^#/);
  });
  it('derives a stable colour from the name for other tags', () => {
    expect(tagColor('My Project')).toEqual(tagColor('my project'));
    expect(tagColor('My Project')).not.toEqual(tagColor('Other Project 2'));
    expect(tagColor('My Project').bg).toMatch(/^hsl\(\d+ /);
  });
});
