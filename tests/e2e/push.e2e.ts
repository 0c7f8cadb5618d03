import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../src/server/db/schema.ts';
import { eventually, signInBrowser, startHarness, type Harness } from './harness.ts';

/** RFC 8291 decryption (web-push's own dependency): the fake push service reads what it got. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: string; privateKey: crypto.ECDH; authSecret: string },
  ): Buffer;
};

/**
 * A push service on 127.0.0.1 standing in for the browser vendor's: it keeps each message the
 * server sends to a subscription (encrypted), answering 201.
 */
async function startPushService() {
  const got: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    got,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('Web Push and the installable app', () => {
  let h: Harness;
  let page: Page;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let cdp: CDPSession;
  // The browser's subscription keys: Chromium's own push service is out of reach here, so the
  // page's PushManager answers with a subscription to the local one, holding these keys.
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16).toString('base64url');

  beforeAll(async () => {
    push = await startPushService();
    h = await startHarness({ env: { PROVIDER_ALLOWLIST: push.hostPort } });
    page = h.page;
    await h.context.grantPermissions(['notifications'], { origin: h.baseUrl });
    await h.context.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        let subscribed = false;
        const sub = {
          endpoint,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => ((subscribed = false), true),
        };
        PushManager.prototype.subscribe = async function () {
          subscribed = true;
          return sub as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return (subscribed ? sub : null) as unknown as PushSubscription | null;
        };
      },
      {
        endpoint: `${push.origin}/push/e2e-device`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth,
      },
    );
    await signInBrowser(h);
    cdp = await h.context.newCDPSession(page);
  });
  afterAll(async () => {
    await h?.close();
    await push?.close();
  });

  it('meets the install criteria: manifest, icons, a service worker in control', async () => {
    await page.goto(h.baseUrl + '/dashboard');
    await page.getByRole('heading', { name: 'VOIP Numbers Dashboard' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
      url: string;
    };
    expect(manifest.url).toBe(`${h.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const installable = await eventually(async () => {
      const r = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      if (r.installabilityErrors.length) throw new Error(JSON.stringify(r.installabilityErrors));
      return r;
    }, 10_000);
    expect(installable.installabilityErrors).toEqual([]);
  });

  it('subscribes this browser and shows a pushed code with Copy code', async () => {
    // Settings → Notifications: this browser subscribes (permission granted above).
    await page.goto(h.baseUrl + '/dashboard/settings');
    const panel = page.getByRole('region', { name: 'Notifications' });
    const device = panel.getByTestId('push-device');
    await device.getByRole('button', { name: 'Turn on push on this device' }).click();
    await device
      .getByText('Push notifications are on for this device. Clicking one copies its code.')
      .waitFor();
    const card = panel.getByRole('listitem').filter({ hasText: 'Web Push' });
    await card.getByText('Chromium on Linux').waitFor();
    await h.screenshot('push-on-desktop');
    await card.getByRole('button', { name: 'Send test' }).click();
    await eventually(async () => {
      const [row] = await h.t.database.db.select().from(deliveries);
      if (!row) throw new Error('no delivery yet');
    });
    await h.t.app.deliveries.drain();
    expect(push.got).toHaveLength(1);
    const plain = ece
      .decrypt(push.got[0]!.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
      .toString();
    expect(JSON.parse(plain)).toMatchObject({ title: 'Test notification' });

    // The push service hands the message to the browser: the service worker shows it.
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: typeof registrations }) => registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    const reg = await eventually(async () => {
      const r = registrations.findLast((x) => x.scopeURL === `${h.baseUrl}/` && !x.isDeleted);
      if (!r) throw new Error('no registration yet');
      return r;
    });
    const code = JSON.stringify({
      title: 'Code 482913',
      body: 'Code 482913 for +1 555',
      code: '482913',
      tag: 'code-482913',
    });
    // Settled first: the worker active, none installing or waiting (a push to a worker being
    // replaced can be lost), and running.
    await eventually(async () => {
      const settled = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        return !!r.active && r.active.state === 'activated' && !r.installing && !r.waiting;
      });
      if (!settled) throw new Error('service worker not settled');
    });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
          actions: (
            (n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []
          ).map(({ action, title }) => ({ action, title })),
        })),
      );
    // DevTools hands the message to the worker (started first); on a loaded machine Chromium can
    // drop one handed over while the worker starts or stops, so it is handed over again until the
    // notification shows (a real push service retries too). One notification whatever the count:
    // the same tag replaces it.
    const shown = await eventually(async () => {
      await cdp.send('ServiceWorker.startWorker', { scopeURL: `${h.baseUrl}/` });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: h.baseUrl,
        registrationId: reg.registrationId,
        data: code,
      });
      return eventually(async () => {
        const list = await notifications();
        if (!list.length) throw new Error('no notification yet');
        return list;
      }, 5_000);
      // Bounded generously: a loaded machine can take seconds to show it.
    }, 30_000);
    expect(shown).toEqual([
      {
        title: 'Code 482913',
        body: 'Code 482913 for +1 555',
        tag: 'code-482913',
        data: { code: '482913' },
        actions: [{ action: 'copy', title: 'Copy code' }],
      },
    ]);

    // Turned off: the channel goes, and the browser unsubscribes.
    await device.getByRole('button', { name: 'Turn off on this device' }).click();
    await device.getByRole('button', { name: 'Turn on push on this device' }).waitFor();
    expect(await card.count()).toBe(0);
  });
});
