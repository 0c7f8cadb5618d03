import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { createTestApp, type TestApp } from '../../src/server/test/app.ts';
import { watchBrowserErrors } from '../../src/server/test/browser-errors.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const clientDir = path.join(root, 'dist/client');
export const screenshotDir = path.join(root, 'test-results/screenshots');

/** A port that was free a moment ago (the app needs to know its own URL before it listens). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The page does not scroll sideways at this viewport width. */
export async function noHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** Every message id of the catalogue (English has them all). */
function catalogKeys(): string[] {
  const dir = path.join(root, 'src/shared/i18n/catalog/en');
  return fs
    .readdirSync(dir)
    .flatMap((f) => Object.keys(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as object));
}

/**
 * Runs in every page before its scripts: a catalogue key that reaches the page as text or as a
 * label (a message shown without being translated) is logged as a console error, which fails the
 * test. Runs in the browser, so it uses nothing from this module.
 */
function watchForRawKeys(keys: string[]) {
  const known = new Set(keys);
  const candidate = /[a-z]+(?:\.[A-Za-z0-9_]+){2,}/g;
  const labels = ['aria-label', 'title', 'placeholder', 'alt'];
  const check = (text: string | null) => {
    for (const m of text?.match(candidate) ?? [])
      if (known.has(m)) console.error(`raw message key shown: ${m}`);
  };
  const code = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const checkText = (node: Node) => {
    if (!code.has(node.parentElement?.tagName ?? '')) check(node.textContent);
  };
  const checkElement = (el: Element) => {
    if (code.has(el.tagName)) return;
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) checkText(texts.currentNode);
    for (const a of labels) check(el.getAttribute(a));
    for (const child of el.querySelectorAll(labels.map((a) => `[${a}]`).join(',')))
      for (const a of labels) check(child.getAttribute(a));
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === 'characterData') checkText(m.target);
      else if (m.type === 'attributes') check((m.target as Element).getAttribute(m.attributeName!));
      else
        for (const node of m.addedNodes)
          if (node.nodeType === Node.ELEMENT_NODE) checkElement(node as Element);
          else if (node.nodeType === Node.TEXT_NODE) checkText(node);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: labels,
  });
}

export type Harness = {
  t: TestApp;
  baseUrl: string;
  context: BrowserContext;
  page: Page;
  /**
   * Lets the current test see a response with this status from a matching URL (and Chromium's
   * console line about it); any other response of 400 or more, page error or console error fails
   * the test (`src/server/test/browser-errors.ts`).
   */
  allowHttp: (status: number, url: RegExp) => void;
  /** Lets the current test see console errors matching one of these patterns. */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  /** Latest mail sent to `email`, read through the dev outbox endpoint. */
  latestMail: (email: string) => Promise<{ to: string; subject: string; text: string }>;
  screenshot: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The real app (built client + API) on a fresh database, plus a fresh headless Chromium. `env`
 * adds environment variables, e.g. PROVIDER_ALLOWLIST for a local fake provider. PUBLIC_URL is the
 * app's own address unless `publicUrl: false` (the app's default then: localhost:3000).
 */
export async function startHarness(
  opts: { env?: Record<string, string>; publicUrl?: false } = {},
): Promise<Harness> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    clientDir,
    env: { ...(opts.publicUrl === false ? {} : { PUBLIC_URL: baseUrl }), ...opts.env },
  });
  await t.app.listen({ host: '127.0.0.1', port });

  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voip-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: chromiumArgs,
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(watchForRawKeys, catalogKeys());
  const page = context.pages()[0] ?? (await context.newPage());
  // Every page of the context, including pages a test opens later.
  const browser = watchBrowserErrors();
  context.on('weberror', (err) =>
    browser.record({ kind: 'pageerror', message: err.error().message }),
  );
  context.on('console', (msg) => {
    if (msg.type() === 'error')
      browser.record({ kind: 'console', text: msg.text(), url: msg.location().url });
  });
  context.on('response', (res) =>
    browser.record({
      kind: 'response',
      status: res.status(),
      method: res.request().method(),
      url: res.url(),
    }),
  );
  fs.mkdirSync(screenshotDir, { recursive: true });

  return {
    t,
    baseUrl,
    context,
    page,
    allowHttp: browser.allowHttp,
    allowConsoleErrors: browser.allowConsoleErrors,
    latestMail: async (email) => {
      const res = await fetch(`${baseUrl}/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      if (!res.ok) throw new Error(`outbox answered ${res.status}`);
      const body = (await res.json()) as {
        messages: { to: string; subject: string; text: string }[];
      };
      const mail = body.messages[0];
      if (!mail) throw new Error(`no mail for ${email}`);
      return mail;
    },
    screenshot: async (name) => {
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
    },
    close: async () => {
      await context.close().catch(() => {});
      browser.closed();
      fs.rmSync(userDataDir, { recursive: true, force: true });
      await t.close();
    },
  };
}

/**
 * Waits until React has taken over the page's server-rendered HTML: an island says so
 * (`data-island="ready"`, set once it has hydrated), or the app has attached to the <h1>. Until
 * then a form is plain HTML: a click or Enter there would submit it natively.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    if (document.documentElement.dataset.island === 'ready') return true;
    const h1 = document.querySelector('h1');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });

/** The code of a sign-in mail: after 'code is' in English, else ending its code line (any language). */
export const codeFrom = (text: string) => {
  const m = /code is (\d{6})/.exec(text) ?? / (\d{6})$/m.exec(text);
  if (!m) throw new Error(`no code in mail: ${text}`);
  return m[1]!;
};

export const linkFrom = (text: string) => {
  const m = /(https?:\/\/\S+\/v1\/auth\/link\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no sign-in link in mail: ${text}`);
  return m[1]!;
};

/** Polls `fn` until it stops throwing (for reading mails that arrive asynchronously). */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Signs the browser context in as `email` through the API (code from the dev outbox), so UI tests
 * start on a signed-in session. The context's request client shares the page's cookie jar.
 */
export async function signInBrowser(
  h: Harness,
  email = `user-${Math.random().toString(36).slice(2, 8)}@example.com`,
): Promise<string> {
  const sent = await h.page.request.post(`${h.baseUrl}/v1/auth/code`, { data: { email } });
  if (!sent.ok()) throw new Error(`code send failed: ${sent.status()} ${await sent.text()}`);
  const code = codeFrom((await eventually(() => h.latestMail(email))).text);
  const verified = await h.page.request.post(`${h.baseUrl}/v1/auth/verify`, {
    data: { email, code },
  });
  if (!verified.ok())
    throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
  return email;
}
