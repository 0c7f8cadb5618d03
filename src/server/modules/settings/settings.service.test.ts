import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { testLogger } from '../../test/logger.ts';
import type { SettingsRepository, StoredSetting } from './settings.repository.ts';
import { settingsService } from './settings.service.ts';

/** A repository whose `all()` answers are released by hand, counting the reloads. */
function fakeRepo() {
  let rows: StoredSetting[] = [];
  let fail = false;
  const pending: (() => void)[] = [];
  let holding = false;
  const repo = {
    calls: 0,
    set: (r: StoredSetting[]) => (rows = r),
    failing: (f: boolean) => (fail = f),
    hold: (h: boolean) => (holding = h),
    release: () => pending.splice(0).forEach((go) => go()),
    all: () => {
      repo.calls++;
      const answer = fail ? Promise.reject(new Error('connection refused')) : Promise.resolve(rows);
      if (!holding) return answer;
      return new Promise<StoredSetting[]>((resolve, reject) =>
        pending.push(() => void answer.then(resolve, reject)),
      );
    },
  };
  return repo;
}

const row = (key: string, value: boolean | number | string): StoredSetting => ({
  key,
  value,
  updatedAt: new Date(),
  updatedBy: 'a@example.com',
});

function setup() {
  const repo = fakeRepo();
  let t = 0;
  const logger = testLogger();
  const service = settingsService({
    repo: repo as unknown as SettingsRepository,
    database: { kind: 'pglite', ping: async () => {} },
    log: logger.log,
    now: () => new Date(),
    pollerRunning: () => false,
    notifications: async () => ({ mailer: 'console', telegram: null, webPush: false }),
    ttlMs: 2000,
    clock: () => t,
  });
  return {
    repo,
    service,
    warnings: () => logger.messages('warn'),
    advance: (ms: number) => (t += ms),
  };
}

describe('settings cache', () => {
  it('reloads at most once per ttl, and concurrent callers share one reload', async () => {
    const { repo, service, advance } = setup();
    repo.set([row('site_name', 'Acme')]);
    repo.hold(true);
    const calls = [service.current(), service.current(), service.current()];
    repo.release();
    const got = await Promise.all(calls);
    expect(got.map((s) => s.site_name)).toEqual(['Acme', 'Acme', 'Acme']);
    expect(repo.calls).toBe(1);
    repo.hold(false);

    repo.set([row('site_name', 'Other')]);
    advance(1999);
    expect((await service.current()).site_name).toBe('Acme');
    expect(repo.calls).toBe(1);
    advance(1);
    expect((await service.current()).site_name).toBe('Other');
    expect(repo.calls).toBe(2);
  });

  it('keeps the last known values when a reload fails, with a warning, and retries after the ttl', async () => {
    const { repo, service, warnings, advance } = setup();
    repo.set([row('maintenance_mode', true)]);
    expect((await service.current()).maintenance_mode).toBe(true);
    repo.failing(true);
    advance(2000);
    expect((await service.current()).maintenance_mode).toBe(true);
    expect(warnings()).toEqual(['site settings: reload failed; keeping the last known values']);
    expect((await service.current()).maintenance_mode).toBe(true);
    expect(repo.calls).toBe(2); // not again within the ttl
    repo.failing(false);
    repo.set([]);
    advance(2000);
    expect((await service.current()).maintenance_mode).toBe(false);
  });

  it('a first load that fails gives the defaults', async () => {
    const { repo, service } = setup();
    repo.failing(true);
    expect(await service.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('invalidate() reloads at once, and a reload begun before it is not taken as fresh', async () => {
    const { repo, service } = setup();
    repo.set([row('site_name', 'Old')]);
    repo.hold(true);
    const stale = service.current();
    repo.set([row('site_name', 'New')]);
    service.invalidate();
    repo.hold(false);
    expect((await service.current()).site_name).toBe('New');
    repo.release();
    await stale;
    // The stale answer arrived last, but the values stay the fresh ones until the next reload.
    expect(service.snapshot().values.site_name).toBe('New');
  });

  it('counts a stored value that fails its schema (edited by hand) as the default', async () => {
    const { repo, service, warnings } = setup();
    repo.set([
      row('max_numbers_per_user', 'lots'),
      row('unknown_key', 1),
      row('blog_enabled', false),
    ]);
    const s = await service.current();
    expect(s.max_numbers_per_user).toBe(DEFAULT_SETTINGS.max_numbers_per_user);
    expect(s.blog_enabled).toBe(false);
    expect(warnings()).toEqual(['site setting: stored value is invalid; using the default']);
  });

  it('bumps the version only when a value changes', async () => {
    const { repo, service, advance } = setup();
    await service.current();
    const v0 = service.snapshot().version;
    advance(2000);
    await service.current();
    expect(service.snapshot().version).toBe(v0);
    repo.set([row('site_name', 'Acme')]);
    advance(2000);
    await service.current();
    expect(service.snapshot().version).toBe(v0 + 1);
  });
});

describe("the poller's retention", () => {
  it('never trims below the largest allowed value until the settings were read once', async () => {
    const { repo, service, advance } = setup();
    repo.set([row('max_messages_per_number', 500)]);
    repo.failing(true);
    expect(await service.keepMessages()).toBe(10_000);
    repo.failing(false);
    advance(2000);
    expect(await service.keepMessages()).toBe(500);
    // Read once: a later failure keeps the last known value.
    repo.failing(true);
    advance(2000);
    expect(await service.keepMessages()).toBe(500);
  });
});
