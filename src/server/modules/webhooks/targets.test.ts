import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { noticeOf } from './targets.ts';

/*
 * A notification's text, built from the stored event in its owner's language (issue 25): English
 * as it always was, Russian and Spanish (plural forms, dates through Intl, in UTC) — every event a
 * channel gets.
 */

const phone = '4155550123';
const event = (type: string, data: object) => JSON.stringify({ type, data });
const EVENTS = {
  code: event('code.received', {
    phoneNumber: phone,
    code: '482913',
    sender: 'Shop',
    content: 'Your Shop code is 482913',
  }),
  failing: event('number.failing', { phoneNumber: phone, failures: 3, error: 'HTTP 500' }),
  recovered: event('number.recovered', { phoneNumber: phone }),
  dead: event('number.dead', {
    phoneNumber: phone,
    failingSince: '2026-03-05T22:30:00.000Z',
    error: 'HTTP 502',
  }),
  expiring: event('number.expiring', {
    phoneNumber: phone,
    daysLeft: 3,
    endDate: '2026-03-08T10:00:00.000Z',
  }),
  tomorrow: event('number.expiring', {
    phoneNumber: phone,
    daysLeft: 1,
    endDate: '2026-03-06T10:00:00.000Z',
  }),
  expired: event('number.expiring', {
    phoneNumber: phone,
    daysLeft: 0,
    endDate: '2026-03-08T23:30:00.000Z',
  }),
  digest: event('expiry.digest', {
    days: 14,
    numbers: [
      { phoneNumber: '2125550001', endDate: '2026-03-08T10:00:00.000Z', daysLeft: 3 },
      { phoneNumber: '2125550002', endDate: '2026-03-05T10:00:00.000Z', daysLeft: 0 },
    ],
  }),
  linked: event('channel.linked', { channelId: 'c1' }),
  test: event('channel.test', { channelId: 'c1' }),
} as const;
type Texts = Record<keyof typeof EVENTS, [string, ...string[]]>;

const texts = (locale: Locale) =>
  Object.fromEntries(
    Object.entries(EVENTS).map(([k, body]) => {
      const n = noticeOf(body, locale);
      return [k, [n.title, ...n.lines]];
    }),
  );

const expected: Record<'en' | 'ru' | 'es', Texts> = {
  en: {
    code: ['Code 482913', `Code 482913 for ${phone}`, 'From Shop: Your Shop code is 482913'],
    failing: [
      `${phone} is failing`,
      `The provider link of ${phone} failed 3 times in a row.`,
      'Last error: HTTP 500',
    ],
    recovered: [`${phone} works again`, `The provider link of ${phone} answered again.`],
    dead: [
      `${phone}: link may be dead`,
      `The provider link of ${phone} has not answered successfully since 2026-03-05 22:30 UTC.`,
      'Last error: HTTP 502',
      'Check the number with its provider, or replace its API link.',
    ],
    expiring: [
      `${phone} expires in 3 days`,
      `The rental of ${phone} ends on 2026-03-08. Renew it to keep the number.`,
    ],
    tomorrow: [
      `${phone} expires in 1 day`,
      `The rental of ${phone} ends on 2026-03-06. Renew it to keep the number.`,
    ],
    expired: [
      `${phone} has expired`,
      `The rental of ${phone} ended on 2026-03-08. Renew it if you still need the number.`,
    ],
    digest: [
      '2 numbers expire in the next 14 days',
      '2125550001: in 3 days, on 2026-03-08',
      '2125550002: has expired, on 2026-03-05',
      'Renew the ones you still need.',
    ],
    linked: ['Telegram linked', 'This chat will get your VOIP Manager notifications.'],
    test: [
      'Test notification',
      'This channel works: notifications from VOIP Manager will arrive here.',
    ],
  },
  ru: {
    code: ['Код 482913', `Код 482913 для ${phone}`, 'От Shop: Your Shop code is 482913'],
    failing: [
      `Сбои у номера ${phone}`,
      `Ссылка API номера ${phone} не сработала 3 раза подряд.`,
      'Последняя ошибка: HTTP 500',
    ],
    recovered: [`${phone} снова работает`, `Ссылка API номера ${phone} снова отвечает.`],
    dead: [
      `${phone}: ссылка, возможно, больше не работает`,
      `Ссылка API номера ${phone} не отвечает успешно с 5 мар. 2026 г., 22:30 (UTC).`,
      'Последняя ошибка: HTTP 502',
      'Уточните статус номера у провайдера или замените его ссылку API.',
    ],
    expiring: [
      `${phone} истекает через 3 дня`,
      `8 марта 2026 г. заканчивается аренда ${phone}. Продлите её, чтобы сохранить номер.`,
    ],
    tomorrow: [
      `${phone} истекает через 1 день`,
      `6 марта 2026 г. заканчивается аренда ${phone}. Продлите её, чтобы сохранить номер.`,
    ],
    expired: [
      `${phone}: срок истёк`,
      `8 марта 2026 г. закончилась аренда ${phone}. Продлите её, если номер ещё нужен.`,
    ],
    digest: [
      '2 номера истекают в ближайшие 14 дней',
      '2125550001: через 3 дня (8 марта 2026 г.)',
      '2125550002: срок истёк (5 марта 2026 г.)',
      'Продлите те, что ещё нужны.',
    ],
    linked: ['Telegram привязан', 'В этот чат будут приходить ваши уведомления VOIP Manager.'],
    test: [
      'Тестовое уведомление',
      'Канал работает: уведомления VOIP Manager будут приходить сюда.',
    ],
  },
  es: {
    code: ['Código 482913', `Código 482913 para ${phone}`, 'De Shop: Your Shop code is 482913'],
    failing: [
      `${phone} está fallando`,
      `El enlace de API de ${phone} falló 3 veces seguidas.`,
      'Último error: HTTP 500',
    ],
    recovered: [`${phone} vuelve a funcionar`, `El enlace de API de ${phone} vuelve a responder.`],
    dead: [
      `${phone}: puede que el enlace ya no funcione`,
      `El enlace de API de ${phone} no responde correctamente desde el 5 mar 2026, 22:30 (UTC).`,
      'Último error: HTTP 502',
      'Consulta el número con su proveedor o cambia su enlace de API.',
    ],
    expiring: [
      `${phone} vence dentro de 3 días`,
      `El alquiler de ${phone} termina el 8 de marzo de 2026. Renuévalo para conservar el número.`,
    ],
    tomorrow: [
      `${phone} vence dentro de 1 día`,
      `El alquiler de ${phone} termina el 6 de marzo de 2026. Renuévalo para conservar el número.`,
    ],
    expired: [
      `${phone} ha vencido`,
      `El alquiler de ${phone} terminó el 8 de marzo de 2026. Renuévalo si aún necesitas el número.`,
    ],
    digest: [
      '2 números vencen en los próximos 14 días',
      '2125550001: dentro de 3 días (8 de marzo de 2026)',
      '2125550002: ha vencido (5 de marzo de 2026)',
      'Renueva los que aún necesites.',
    ],
    linked: ['Telegram vinculado', 'Este chat recibirá tus notificaciones de VOIP Manager.'],
    test: [
      'Notificación de prueba',
      'Este canal funciona: las notificaciones de VOIP Manager llegarán aquí.',
    ],
  },
};

describe('a notification’s text', () => {
  it.each(['en', 'ru', 'es'] as const)('in %s', (locale) => {
    expect(texts(locale)).toEqual(expected[locale]);
  });

  it('in Chinese, its dates in Chinese', () => {
    expect(noticeOf(EVENTS.expiring, 'zh').lines).toEqual([
      `${phone} 的租期将于2026年3月8日结束。请续费以保留该号码。`,
    ]);
    expect(noticeOf(EVENTS.digest, 'zh').title).toBe('2 个号码将在14天内到期');
  });

  it('counts its numbers in each language’s plural forms, and says how many more there are', () => {
    const digest = (count: number) =>
      event('expiry.digest', {
        days: 7,
        numbers: Array.from({ length: count }, (_, i) => ({
          phoneNumber: String(2125550000 + i),
          endDate: '2026-03-08T10:00:00.000Z',
          daysLeft: 5,
        })),
      });
    expect(noticeOf(digest(1), 'en').title).toBe('1 number expires in the next 7 days');
    expect(noticeOf(digest(1), 'ru').title).toBe('1 номер истекает в ближайшие 7 дней');
    expect(noticeOf(digest(5), 'ru').title).toBe('5 номеров истекают в ближайшие 7 дней');
    expect(noticeOf(digest(1), 'es').title).toBe('1 número vence en los próximos 7 días');
    const many = noticeOf(digest(1234), 'en').lines;
    expect(many).toHaveLength(32);
    expect(many.at(-2)).toBe('…and 1204 more');
    expect(noticeOf(digest(1234), 'ru').lines.at(-2)).toBe('…и ещё 1\u00a0204');
  });
});
