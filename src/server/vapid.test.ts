import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { loadVapid } from './vapid.ts';

describe('loadVapid', () => {
  const base = {
    vapidPublicKey: undefined,
    vapidPrivateKey: undefined,
    vapidSubject: undefined,
    publicUrl: 'http://localhost:3000',
    mailFrom: 'VOIP Manager <no-reply@example.com>',
  };

  it('generates a pair once into the data directory and keeps it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    try {
      const first = loadVapid({ ...base, dataDir });
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.subject).toBe('mailto:no-reply@example.com');
      const file = path.join(dataDir, 'vapid.json');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadVapid({ ...base, dataDir })).toEqual(first);
      // An https site is its own contact.
      expect(loadVapid({ ...base, dataDir, publicUrl: 'https://voip.example' }).subject).toBe(
        'https://voip.example',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes the keys and subject from the environment, in pairs only', () => {
    const env = {
      VAPID_PUBLIC_KEY: 'B' + 'a'.repeat(86),
      VAPID_PRIVATE_KEY: 'c'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    const config = loadConfig(env);
    expect(loadVapid({ ...config, dataDir: '/nonexistent/never-written' })).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@example.com',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY })).toThrow(
      /Missing environment variable VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      /Invalid environment variable VAPID_SUBJECT/,
    );
  });
});
