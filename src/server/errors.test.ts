import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS, type ErrorCode } from '../shared/errors.ts';
import { only, signInAdmin, signInUser } from './test/admin.ts';
import { createTestApp, type TestApp } from './test/app.ts';

const serverDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}
const isErrorsFile = (file: string) => /(^|\.)errors\.ts$/.test(path.basename(file));

describe('error codes in the source', () => {
  const files = sourceFiles(serverDir);
  // Spelled in two parts so this file does not match itself.
  const construct = 'new ' + 'AppError(';

  it('builds AppError only in errors.ts files (factories)', () => {
    const strays = files.filter(
      (f) => !isErrorsFile(f) && fs.readFileSync(f, 'utf8').includes(construct),
    );
    expect(strays.map((f) => path.relative(serverDir, f))).toEqual([]);
  });

  it('has no dead code: every code of the table is built by some factory', () => {
    const factories = files
      .filter(isErrorsFile)
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const unused = ERROR_CODES.filter((c) => !factories.includes(`'${c}'`));
    expect(unused).toEqual([]);
  });
});

type Operation = { responses: Record<string, ResponseDoc>; [k: string]: unknown };
type ResponseDoc = {
  description: string;
  content?: { 'application/json'?: { schema: Record<string, unknown> } };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

/** The codes a documented error answer lists, after checking it is the shared error body. */
function codesOf(res: ResponseDoc): string[] {
  const schema = res.content?.['application/json']?.schema as {
    allOf?: [
      { $ref?: string },
      { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } },
    ];
  };
  expect(schema.allOf?.[0]).toEqual({ $ref: '#/components/schemas/ApiError' });
  const codes = schema.allOf?.[1].properties?.error?.properties?.code?.enum;
  expect(codes?.length).toBeGreaterThan(0);
  return codes ?? [];
}

let t: TestApp;
let doc: OpenApi;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
});
afterAll(() => t.close());

describe('/v1/openapi.json error answers', () => {
  it('has the shared error body as a component, with every field the handler sends', () => {
    expect(doc.components.schemas.ApiError).toMatchObject({
      properties: {
        error: {
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            fields: { type: 'object' },
            remainingAttempts: { type: 'integer' },
            retryAfterSeconds: { type: 'integer' },
          },
          required: ['code', 'message'],
        },
      },
    });
  });

  it('documents on every operation its error answers: the shared body, codes of that status from the table', () => {
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method} ${p}`, op })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const { name, op } of operations) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      // /healthz documents its own 503 body (not an error code) besides the shared ones.
      const shared = errors.filter(([status]) => !(name === 'get /healthz' && status === '503'));
      expect(shared.length, name).toBeGreaterThan(0);
      for (const [status, res] of shared) {
        const codes = codesOf(res);
        for (const code of codes) {
          expect(ERROR_CODES, `${name} ${status}`).toContain(code);
          expect(ERRORS[code as ErrorCode].status, `${name} ${status} ${code}`).toBe(
            Number(status),
          );
          // Each code's meaning is written beside it.
          expect(res.description).toContain(`${code}: ${ERRORS[code as ErrorCode].description}`);
        }
      }
    }
  });

  it('lists 401 on signed-in routes, 403 on admin routes, and 400 where input is validated', () => {
    const codes = (p: string, method: string, status: number) =>
      codesOf(doc.paths[p]![method]!.responses[String(status)]!);
    expect(codes('/v1/numbers', 'get', 401)).toEqual(['API_KEY_INVALID', 'UNAUTHORIZED']);
    expect(codes('/v1/numbers/{id}', 'get', 404)).toEqual(['NOT_FOUND', 'NUMBER_NOT_FOUND']);
    expect(codes('/v1/admin/users', 'get', 403)).toEqual(['API_KEY_NOT_ALLOWED', 'FORBIDDEN']);
    expect(codes('/v1/numbers', 'post', 400)).toContain('VALIDATION_ERROR');
    expect(codes('/v1/numbers', 'post', 403)).toEqual([
      'CROSS_ORIGIN_REFUSED',
      'INSUFFICIENT_SCOPE',
    ]);
    expect(codes('/v1/site', 'get', 401)).toEqual(['API_KEY_INVALID']);
    expect(doc.paths['/v1/site']!.get!.responses['403']).toBeUndefined();
    expect(codes('/v1/numbers', 'post', 503)).toEqual(['MAINTENANCE']);
    expect(codes('/v1/admin/posts', 'post', 409)).toEqual(['SLUG_TAKEN']);
    expect(codes('/v1/auth/code', 'post', 429)).toEqual([
      'RESEND_TOO_SOON',
      'TOO_MANY_CODES',
      'TOO_MANY_SIGN_INS',
    ]);
  });
});

describe('real error answers match the document', () => {
  /** The answer's code is one the document lists for that route and status; returns the error. */
  function documented(res: { statusCode: number; json: () => unknown }, method: string, p: string) {
    const { error } = res.json() as { error: { code: string } & Record<string, unknown> };
    const listed = codesOf(doc.paths[p]![method]!.responses[String(res.statusCode)]!);
    expect(listed, `${method} ${p} ${res.statusCode}`).toContain(error.code);
    return error;
  }

  it('404 for a number of another user, 400 with fields, 401 signed out', async () => {
    const alice = await signInUser(t);
    const bob = await signInUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers',
      headers: { cookie: alice.cookie },
      payload: { phoneNumber: '2125550199', apiLink: 'https://sms.example.com/api/1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const foreign = await t.app.inject({
      url: `/v1/numbers/${created.json().id}`,
      headers: { cookie: bob.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(documented(foreign, 'get', '/v1/numbers/{id}').code).toBe('NUMBER_NOT_FOUND');

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/v1/numbers',
      headers: { cookie: alice.cookie },
      payload: { phoneNumber: '', apiLink: 'not a link' },
    });
    expect(invalid.statusCode).toBe(400);
    const error = documented(invalid, 'post', '/v1/numbers');
    expect(error.code).toBe('VALIDATION_ERROR');
    // The documented 400 schema does not filter the answer: `fields` is there.
    expect(Object.keys(error.fields as object)).toEqual(
      expect.arrayContaining(['phoneNumber', 'apiLink']),
    );

    const signedOut = await t.app.inject({ url: '/v1/numbers' });
    expect(signedOut.statusCode).toBe(401);
    expect(documented(signedOut, 'get', '/v1/numbers').code).toBe('UNAUTHORIZED');
  });

  it('403 for a non-admin, 409 with fields.slug for a taken slug', async () => {
    const user = await signInUser(t);
    const refused = await t.app.inject({
      url: '/v1/admin/users',
      headers: { cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(documented(refused, 'get', '/v1/admin/users').code).toBe('FORBIDDEN');

    const editor = await signInAdmin(t, { role: 'editor', permissions: only('blog') });
    const post = {
      title: 'Errors',
      slug: 'errors-contract',
      excerpt: 'Codes',
      content: 'One meaning each.',
    };
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/admin/posts',
        headers: { cookie: editor.cookie },
        payload: post,
      });
    expect((await write()).statusCode).toBe(201);
    const taken = await write();
    expect(taken.statusCode).toBe(409);
    const error = documented(taken, 'post', '/v1/admin/posts');
    expect(error).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: [expect.any(String)] } });
  });

  it('400 BAD_REQUEST for a body in a Content-Encoding the server does not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contact',
      headers: { 'content-type': 'application/json', 'content-encoding': 'zz' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(documented(res, 'post', '/v1/contact').code).toBe('BAD_REQUEST');
  });

  it('429 with retryAfterSeconds in the body and Retry-After', async () => {
    const email = 'errors-contract@example.com';
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/code',
        payload: { email },
        remoteAddress: '198.51.100.251',
      });
    expect((await ask()).statusCode).toBe(200);
    const again = await ask();
    expect(again.statusCode).toBe(429);
    const error = documented(again, 'post', '/v1/auth/code');
    expect(error.code).toBe('RESEND_TOO_SOON');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(again.headers['retry-after']).toBe(String(error.retryAfterSeconds));
  });
});
