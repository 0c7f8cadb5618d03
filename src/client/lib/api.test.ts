import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '../../server/i18n.ts';
import { apiErrorBody } from '../../shared/api.ts';
import { LOCALE_TAGS } from '../../shared/i18n/locales.ts';
import { apiGet, apiPost, errorBodyOf, errorMessage, onMaintenanceAnswer } from './api.ts';
// Hands the catalogue's translator to the API client, as in every page that loads a catalogue.
import './i18n.tsx';

const bodies: unknown[] = [
  { error: { code: 'VALIDATION_ERROR', message: 'Invalid input', fields: { email: ['Bad'] } } },
  { error: { code: 'INVALID_CODE', message: 'Wrong.', remainingAttempts: 4 } },
  { error: { code: 'RESEND_TOO_SOON', message: 'Wait.', retryAfterSeconds: 42, extra: 1 } },
  { error: { code: 'X', message: '' } },
  { error: { code: 'X', message: 'm', fields: {} } },
  { error: { code: 'X', message: 'm', fields: { a: [] } } },
  { error: { code: 'X', message: 'm', fields: { a: [1] } } },
  { error: { code: 'X', message: 'm', fields: { a: 'not a list' } } },
  { error: { code: 'X', message: 'm', fields: [['a']] } },
  { error: { code: 'X', message: 'm', fields: null } },
  { error: { code: 'X', message: 'm', remainingAttempts: 1.5 } },
  { error: { code: 'X', message: 'm', remainingAttempts: '4' } },
  { error: { code: 'X', message: 'm', retryAfterSeconds: null } },
  { error: { code: 'X', message: 'm', retryAfterSeconds: 2 ** 60 } },
  { error: { code: 1, message: 'm' } },
  { error: { message: 'm' } },
  { error: 'text' },
  { error: null },
  { error: [] },
  {},
  [],
  'text',
  null,
  undefined,
];

describe('errorBodyOf (the error shape, checked without zod)', () => {
  it.each(bodies.map((b) => [JSON.stringify(b) ?? 'undefined', b]))(
    'answers %s as apiErrorBody does',
    (_, body) => {
      const schema = apiErrorBody.safeParse(body);
      const plain = errorBodyOf(body);
      if (!schema.success) expect(plain).toBeNull();
      else {
        expect(plain).not.toBeNull();
        // Absent optional keys are undefined either way.
        expect({ ...plain }).toEqual({
          fields: undefined,
          remainingAttempts: undefined,
          retryAfterSeconds: undefined,
          ...schema.data.error,
        });
      }
    },
  );
});

describe('onMaintenanceAnswer', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, code: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ error: { code, message: 'm' } }), { status }),
      ),
    );

  it('tells listeners when the server refuses a request for maintenance, and only then', async () => {
    const seen = vi.fn();
    const off = onMaintenanceAnswer(seen);
    answer(503, 'DATABASE_UNAVAILABLE');
    await expect(apiPost('/v1/numbers')).rejects.toMatchObject({ status: 503 });
    expect(seen).not.toHaveBeenCalled();
    answer(503, 'MAINTENANCE');
    await expect(apiPost('/v1/numbers')).rejects.toMatchObject({ code: 'MAINTENANCE' });
    expect(seen).toHaveBeenCalledTimes(1);
    off();
    await expect(apiPost('/v1/numbers')).rejects.toMatchObject({ code: 'MAINTENANCE' });
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe('the wait of a refused request', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (error: Record<string, unknown>, headers: Record<string, string>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error }), { status: 429, headers })),
    );

  it("takes Retry-After when the body names no wait (the rate limiter's 429)", async () => {
    answer({ code: 'RATE_LIMITED', message: 'Too many requests.' }, { 'retry-after': '540' });
    await expect(apiPost('/v1/newsletter')).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 540,
    });
  });

  it("prefers the body's wait, and ignores a header that is not whole seconds", async () => {
    answer({ code: 'X', message: 'm', retryAfterSeconds: 42 }, { 'retry-after': '540' });
    await expect(apiPost('/v1/x')).rejects.toMatchObject({ retryAfterSeconds: 42 });
    answer({ code: 'X', message: 'm' }, { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' });
    await expect(apiPost('/v1/x')).rejects.toMatchObject({ retryAfterSeconds: undefined });
    answer({ code: 'X', message: 'm' }, {});
    await expect(apiPost('/v1/x')).rejects.toMatchObject({ retryAfterSeconds: undefined });
  });
});

describe('the language of the answers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: '', messages: {} });
  });
  /** Makes `locale` the active language, as activateLocale does (the catalogue, `<html lang>`). */
  const activate = (locale: 'en' | 'ru' | 'zh') => {
    i18n.loadAndActivate({ locale, messages: i18nFor(locale).messages });
    vi.stubGlobal('document', { documentElement: { lang: LOCALE_TAGS[locale] } });
  };

  it('asks the server for the active language on every request', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    activate('ru');
    await apiPost('/v1/x', { a: 1 });
    activate('zh');
    await apiGet('/v1/y');
    const languages = fetch.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>,
    );
    expect(languages.map((h) => h['accept-language'])).toEqual(['ru', 'zh']);
  });

  it('says its own failures in the active language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    activate('ru');
    await expect(apiGet('/v1/x')).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: 'Сервер ответил ошибкой (502). Попробуйте ещё раз.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    activate('zh');
    await expect(apiGet('/v1/x')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: '无法连接到服务器，请检查网络连接后重试。',
    });
    expect(errorMessage(null)).toBe('出了点问题，请重试。');
    expect(errorMessage(null, 'Given')).toBe('Given');
    activate('en');
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
