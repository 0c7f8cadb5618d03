import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signInAdmin } from '../test/admin.ts';
import { registerErrorHandling } from './errors.ts';

/*
 * A 400's human text in the asker's language (ADR 0020): the shared schemas' messages are keys of
 * the `validation` catalogue, zod's own messages are mapped to keys by the issue's code; the code
 * and the names in `fields` never change, and the English is the text it always was.
 */

const languages = ['en', 'ru', 'zh'] as const;
type Answer = { code: string; message: string; fields: Record<string, string[]> };

describe("zod's own messages (no custom message in the schema)", () => {
  const body = z.strictObject({
    name: z.string().max(3),
    count: z.number().min(2),
    mode: z.enum(['fast', 'slow']),
    kind: z.literal('t'),
    id: z.uuid(),
    at: z.iso.datetime(),
    tags: z.array(z.string()).max(1),
    pin: z.string().length(4),
    word: z.string().regex(/^a+$/),
    whole: z.int(),
    flag: z.boolean(),
    pick: z.discriminatedUnion('type', [
      z.object({ type: z.literal('a') }),
      z.object({ type: z.literal('b') }),
    ]),
  });
  const invalid = {
    name: 'abcd',
    count: 1,
    mode: 'medium',
    kind: 'q',
    id: 'nope',
    at: 'yesterday',
    tags: ['x', 'y'],
    pin: '123',
    word: 'b',
    whole: 1.5,
    flag: 'yes',
    pick: { type: 'c' },
    extra: 1,
    more: 2,
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.withTypeProvider<ZodTypeProvider>().post('/check', { schema: { body } }, () => ({}));
    await app.ready();
  });
  afterAll(() => app.close());

  const answer = async (lang: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/check',
      payload: invalid,
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBe(lang);
    return res.json().error as Answer;
  };

  it('answers in English word for word what zod says', async () => {
    const zod: Record<string, string[]> = {};
    for (const issue of body.safeParse(invalid).error!.issues)
      (zod[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    const en = await answer('en');
    expect(en.code).toBe('VALIDATION_ERROR');
    expect(en.fields).toEqual(zod);
    expect(en.fields).toMatchObject({
      body: ['Unrecognized keys: "extra", "more"'],
      name: ['Too big: expected string to have <=3 characters'],
      count: ['Too small: expected number to be >=2'],
      mode: ['Invalid option: expected one of "fast"|"slow"'],
      pin: ['Too small: expected string to have exactly 4 characters'],
      flag: ['Invalid input: expected boolean, received string'],
    });
    expect(en.message).toBe(Object.values(zod)[0]![0]);
  });

  it('answers the same code and fields in Russian and Chinese', async () => {
    const [en, ru, zh] = await Promise.all(languages.map(answer));
    for (const other of [ru!, zh!]) {
      expect(other.code).toBe(en!.code);
      expect(Object.keys(other.fields)).toEqual(Object.keys(en!.fields));
      // Every text is translated: none is left as the English.
      for (const [field, texts] of Object.entries(other.fields))
        expect(texts[0], field).not.toBe(en!.fields[field]![0]);
    }
    expect(ru!.fields).toMatchObject({
      body: ['Неизвестные ключи: "extra", "more"'],
      name: ['Слишком много: для string допустимо <=3 симв.'],
      count: ['Слишком маленькое значение: для number нужно >=2'],
      mode: ['Неверный вариант: ожидается один из "fast"|"slow"'],
      kind: ['Неверные данные: ожидается "t"'],
      id: ['Неверный UUID'],
      at: ['Неверные дата и время ISO'],
      pin: ['Слишком мало: для string нужно ровно 4 симв.'],
      word: ['Неверная строка: должна соответствовать шаблону /^a+$/'],
      flag: ['Неверные данные: ожидается boolean, получено string'],
      'pick.type': ["Неверное значение дискриминатора. Ожидается 'a' | 'b'"],
    });
    expect(zh!.fields).toMatchObject({
      body: ['无法识别的键："extra", "more"'],
      name: ['过大：string 应为 <=3 个字符'],
      id: ['UUID 无效'],
      flag: ['输入无效：应为 boolean，实际为 string'],
    });
    expect(ru!.message).toBe(ru!.fields.name![0]);
  });
});

describe("the shared schemas' messages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let ipN = 0;
  const contact = async (lang: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contact',
      payload: { name: '  ', email: 'nope', subject: 'spam', message: 'x'.repeat(5001) },
      headers: { 'accept-language': lang, 'x-forwarded-for': `198.51.100.${++ipN}` },
    });
    expect(res.statusCode).toBe(400);
    return res.json().error as Answer;
  };

  it('answers the same code and fields, in the asker’s language', async () => {
    const [en, ru, zh] = await Promise.all(languages.map(contact));
    expect(en).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Full Name is required',
      fields: {
        name: ['Full Name is required'],
        email: ['Please enter a valid email address'],
        subject: ['Please choose a subject'],
        message: ['Message is too long (5,000 characters at most)'],
      },
    });
    expect(ru).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Укажите имя и фамилию',
      fields: {
        name: ['Укажите имя и фамилию'],
        email: ['Введите корректный адрес электронной почты'],
        subject: ['Выберите тему'],
        message: ['Сообщение слишком длинное (не больше 5000 символов)'],
      },
    });
    expect(zh).toEqual({
      code: 'VALIDATION_ERROR',
      message: '请输入姓名',
      fields: {
        name: ['请输入姓名'],
        email: ['请输入有效的邮箱地址'],
        subject: ['请选择主题'],
        message: ['留言过长（最多 5,000 个字符）'],
      },
    });
  });

  it('fills the values a message carries, also when a module answers it (site settings)', async () => {
    const admin = await signInAdmin(t);
    const put = async (lang: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/admin/settings/max_numbers_per_user',
        payload: { value: 0 },
        headers: { cookie: admin.cookie, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(400);
      return res.json().error as Answer;
    };
    const [en, ru, zh] = await Promise.all(languages.map(put));
    const answer = (text: string) => ({
      code: 'VALIDATION_ERROR',
      message: text,
      fields: { value: [text] },
    });
    expect(en).toEqual(answer('max_numbers_per_user must be at least 1'));
    expect(ru).toEqual(answer('max_numbers_per_user: не меньше 1'));
    expect(zh).toEqual(answer('max_numbers_per_user 不能小于 1'));
  });
});
