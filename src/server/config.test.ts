import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      processMode: 'all',
      demoProvider: true,
      adminEmails: [],
    });
  });

  it('listens on loopback unless in production or HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(
      loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32), HOST: '::1' }).host,
    ).toBe('::1');
  });

  it('parses every variable', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://voip.example.com/',
      DATA_DIR: '/var/lib/voip',
      DATABASE_URL: 'postgres://u:p@db:5432/voip',
      SECRET_KEY: 'k'.repeat(40),
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'VOIP <no-reply@example.com>',
      PROCESS_MODE: 'worker',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
      DEMO_PROVIDER: '1',
    });
    expect(c).toMatchObject({
      port: 8080,
      publicUrl: 'https://voip.example.com',
      secureCookies: true,
      processMode: 'worker',
      adminEmails: ['boss@example.com', 'ops@example.com'],
      demoProvider: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }).demoProvider).toBe(
      false,
    );
  });

  it.each([
    ['PORT', 'abc', 'Invalid environment variable PORT="abc": expected an integer from 0 to 65535'],
    [
      'PORT',
      '70000',
      'Invalid environment variable PORT="70000": expected an integer from 0 to 65535',
    ],
    [
      'DATABASE_URL',
      'mysql://x',
      'DATABASE_URL="mysql://x": expected a postgres:// or postgresql:// URL',
    ],
    ['PUBLIC_URL', 'ftp://x', 'PUBLIC_URL="ftp://x": expected an http(s) URL'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL="http://mail": expected an smtp:// or smtps:// URL'],
    [
      'SECRET_KEY',
      'short',
      'SECRET_KEY="short": expected a random string of at least 32 characters',
    ],
    ['PROCESS_MODE', 'both', 'PROCESS_MODE="both": expected one of all, web, worker'],
    [
      'ADMIN_EMAILS',
      'a@b.co,nope',
      'ADMIN_EMAILS="a@b.co,nope": expected a comma-separated list of email addresses',
    ],
    ['DEMO_PROVIDER', 'maybe', 'DEMO_PROVIDER="maybe": expected one of 1, 0, true, false'],
    ['NODE_ENV', 'staging', 'NODE_ENV="staging": expected one of development, production, test'],
  ])('stops on a bad %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('requires SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SECRET_KEY.*required when NODE_ENV=production/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value });

  it('trusts loopback proxies when unset or empty', () => {
    expect(trust().trustProxy).toEqual(['loopback']);
    expect(trust('').trustProxy).toEqual(['loopback']);
  });

  it.each(['false', '0', 'none', ' None '])('trusts no proxy for %j', (value) => {
    expect(trust(value).trustProxy).toBe(false);
  });

  it('turns a hop count into a trust function for that many hops', () => {
    const fn = trust('2').trustProxy as (address: string, hop: number) => boolean;
    expect(typeof fn).toBe('function');
    expect([0, 1, 2].map((hop) => fn('192.0.2.1', hop))).toEqual([true, true, false]);
    const ten = trust('10').trustProxy as (address: string, hop: number) => boolean;
    expect([ten('x', 9), ten('x', 10)]).toEqual([true, false]);
  });

  it('reads a list of addresses, CIDR ranges and range names', () => {
    expect(
      trust(
        ' 10.0.0.0/8, 192.0.2.7,2001:DB8::/32 , ::1, ::ffff:10.0.0.1, Loopback,linklocal,uniquelocal',
      ).trustProxy,
    ).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
      '::1',
      '::ffff:10.0.0.1',
      'loopback',
      'linklocal',
      'uniquelocal',
    ]);
  });

  it.each([
    'true',
    '11',
    '-1',
    '1.5',
    'proxy.example.com',
    '10.0.0.0/33',
    '10.0.0.0/0',
    '10.0.0.0/8/8',
    '10.1',
    '2001:db8::/129',
    '10.0.0.1,nope',
    ',',
  ])('stops on %j with one line naming it', (value) => {
    expect(() => trust(value)).toThrow(
      `Invalid environment variable TRUST_PROXY=${JSON.stringify(value)}: expected false, 0 or none; a hop count from 1 to 10; or a comma-separated list of IP addresses, CIDR ranges (such as 10.0.0.0/8) and loopback, linklocal, uniquelocal`,
    );
  });
});
