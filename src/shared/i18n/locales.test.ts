import { describe, expect, it } from 'vitest';
import {
  localeCookie,
  localeOfCookie,
  localeOfLanguages,
  localeOfTag,
  negotiateLocale,
} from './locales.ts';

describe('choosing a language', () => {
  it('reads a tag by its language, whatever its region, script or case', () => {
    expect(localeOfTag('zh-Hans-CN')).toBe('zh');
    expect(localeOfTag('zh_TW')).toBe('zh');
    expect(localeOfTag('RU-ru')).toBe('ru');
    expect(localeOfTag('es-419')).toBe('es');
    expect(localeOfTag('en')).toBe('en');
    expect(localeOfTag('de-DE')).toBeNull();
    expect(localeOfTag('')).toBeNull();
  });

  it.each([
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['de-DE,de;q=0.9,es;q=0.8,en;q=0.5', 'es'],
    ['en;q=0.5, zh-CN', 'zh'],
    ['es;q=0.3, ru;q=0.7', 'ru'],
    ['fr, zh;q=0, es;q=0.1', 'es'],
    ['*', null],
    ['de, fr', null],
    ['zh;q=abc, ru;q=2', null],
    ['', null],
  ])('Accept-Language %j → %s', (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it('takes the first equal-weight language in the order given', () => {
    expect(negotiateLocale('es, ru')).toBe('es');
    expect(negotiateLocale('ru;q=0.8, es;q=0.8')).toBe('ru');
  });

  it('takes the first of the browser languages that is ours', () => {
    expect(localeOfLanguages(['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(localeOfLanguages(['de', 'fr'])).toBeNull();
  });

  it('reads and writes the language cookie', () => {
    expect(localeOfCookie('a=1; vm_lang=zh; b=2')).toBe('zh');
    expect(localeOfCookie('vm_lang=xx')).toBeNull();
    expect(localeOfCookie('xvm_lang=ru')).toBeNull();
    expect(localeOfCookie(undefined)).toBeNull();
    expect(localeCookie('ru', false)).toBe('vm_lang=ru; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('es', true)).toMatch(/; Secure$/);
  });
});
