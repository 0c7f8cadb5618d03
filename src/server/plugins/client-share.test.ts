import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/setting-definitions.ts';
import type { PublicShareState } from '../../shared/sharing.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';
import type { SharePageReader } from '../modules/sharing/share-pages.ts';
import { registerClient, PAGE_RENDERER } from './client.ts';

/**
 * The shared pages' HTML (ADR 0019): the static plugin with a client build of its own in a temp
 * dir — the pre-rendered loading page, and a stand-in for the build's renderer that writes what
 * it is given — and a reader that answers as the test says.
 */
const LOADING = '<div class="loading">Loading page...</div>';
const template = (island: string) =>
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>VOIP Manager</title>\n' +
  `    <script type="module" fetchpriority="low" crossorigin src="/assets/${island}.js"></script>\n` +
  `  </head>\n  <body>\n    <div id="root" data-island-root="" data-prerendered="/x/*">${LOADING}</div>\n  </body>\n</html>\n`;

const RENDERER = `
export function renderSharePage(hash, state, site) {
  if (hash === 'throws') throw new Error('render failed');
  const title = 'data' in state ? state.data.name : state.notFound.message;
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return '<main data-hash="' + esc(hash) + '" data-site="' + esc(site.siteName) + '"><h1>' + esc(title) + '</h1></main>';
}
`;

let dir: string;
let app: FastifyInstance;
const reads: { kind: string; hash: string }[] = [];
let answer: (kind: 'page' | 'single', hash: string) => PublicShareState | undefined;
const renderedAt = Date.parse('2026-11-20T10:00:00Z');
const errors: unknown[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-client-share-'));
  fs.mkdirSync(path.join(dir, 'pages'));
  fs.mkdirSync(path.join(dir, '.ssr'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><title>VOIP Manager</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'pages/api-share.html'), template('public-page'));
  fs.writeFileSync(path.join(dir, 'pages/single-share.html'), template('single-endpoint'));
  fs.writeFileSync(
    path.join(dir, 'pages.json'),
    JSON.stringify({ '/api/*': 'pages/api-share.html', '/single/*': 'pages/single-share.html' }),
  );
  fs.writeFileSync(path.join(dir, PAGE_RENDERER), RENDERER);
  const settings = {
    current: async () => DEFAULT_SETTINGS,
    snapshot: () => ({ values: { ...DEFAULT_SETTINGS, site_name: 'Acme <Co>' }, version: 1 }),
  } as unknown as SettingsService;
  const sharePages: SharePageReader = async (kind, hash) => {
    reads.push({ kind, hash });
    return answer(kind, hash);
  };
  app = Fastify();
  app.log.error = ((obj: unknown) => void errors.push(obj)) as typeof app.log.error;
  await registerClient(app, dir, { settings, sharePages });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = (name: string): PublicShareState => ({
  kind: 'page',
  renderedAt,
  data: { name, numbers: [], numberCount: 0 },
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('shared pages served with their data', () => {
  it('renders the view into #root, the state as JSON for the island, and the name as the title', async () => {
    answer = () => page('Team </script><b> & co');
    reads.length = 0;
    const res = await get('/api/abc123');
    expect(res.statusCode).toBe(200);
    expect(reads).toEqual([{ kind: 'page', hash: 'abc123' }]);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(
      '<div id="root" data-island-root="" data-prerendered="/x/*"><main data-hash="abc123" data-site="Acme &lt;Co>"><h1>Team &lt;/script>&lt;b> &amp; co</h1></main></div>\n  </body>',
    );
    expect(html).not.toContain(LOADING);
    expect(html).toContain(
      '<title>Team &lt;/script&gt;&lt;b&gt; &amp; co · Acme &lt;Co&gt;</title>',
    );
    // The JSON cannot end its <script> element early.
    const json = /<script type="application\/json" id="share-state">(.*?)<\/script>/s.exec(
      html,
    )![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(page('Team </script><b> & co'));
    // Before </head>, after the island's script: the island reads it when it runs.
    expect(html.indexOf('id="share-state"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('answers a missing or inactive share 404 with its not-found state rendered', async () => {
    answer = (kind) => ({
      kind,
      renderedAt,
      notFound: { code: 'ENDPOINT_NOT_FOUND', message: 'Endpoint not found or inactive' },
    });
    const res = await get('/single/nope/');
    expect(res.statusCode).toBe(404);
    expect(reads.at(-1)).toEqual({ kind: 'single', hash: 'nope' });
    expect(res.body).toContain('<h1>Endpoint not found or inactive</h1>');
    expect(res.body).toContain('"notFound":{"code":"ENDPOINT_NOT_FOUND"');
    expect(res.body).toContain('<title>Acme &lt;Co&gt;</title>');
  });

  it('sends it gzipped to a client that takes gzip', async () => {
    answer = () => page('Zipped');
    const res = await app.inject({
      method: 'GET',
      url: '/api/zip',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('<h1>Zipped</h1>');
  });

  it('serves the loading state when there is no data to render (over the limit, a failed read)', async () => {
    answer = () => undefined;
    const res = await get('/api/limited');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(LOADING);
    expect(res.body).not.toContain('share-state');
  });

  it('serves the loading state, logged, when rendering fails', async () => {
    answer = () => page('Fine');
    errors.length = 0;
    const res = await get('/api/throws');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(LOADING);
    expect(res.body).not.toContain('share-state');
    expect(errors).toHaveLength(1);
  });

  it('decodes the hash; reads nothing for a bad encoding, HEAD, or a deeper path', async () => {
    answer = () => page('Decoded');
    reads.length = 0;
    await get('/api/a%20b');
    expect(reads).toEqual([{ kind: 'page', hash: 'a b' }]);
    // Fastify refuses a path that is not valid percent-encoding before any handler.
    expect((await get('/api/%E0%A4%A')).statusCode).toBe(400);
    const head = await app.inject({ method: 'HEAD', url: '/api/abc' });
    expect(head.statusCode).toBe(200);
    const deeper = await get('/api/abc/def');
    expect(deeper.body).not.toContain('data-island-root');
    expect(reads).toHaveLength(1);
  });
});

describe('shared pages without a renderer in the build', () => {
  it('serves the pre-rendered loading state and reads nothing', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-client-share-bare-'));
    try {
      fs.cpSync(dir, bare, { recursive: true });
      fs.rmSync(path.join(bare, '.ssr'), { recursive: true });
      const read = vi.fn<SharePageReader>();
      const other = Fastify();
      await registerClient(other, bare, {
        settings: {
          current: async () => DEFAULT_SETTINGS,
          snapshot: () => ({ values: DEFAULT_SETTINGS, version: 1 }),
        } as unknown as SettingsService,
        sharePages: read,
      });
      const res = await other.inject({ method: 'GET', url: '/api/abc' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(LOADING);
      expect(read).not.toHaveBeenCalled();
      await other.close();
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
