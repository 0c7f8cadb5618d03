import { describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../../events/bus.ts';
import { testLogger } from '../../test/logger.ts';
import { publicSharingService } from './public.service.ts';
import type { SharingRepository } from './sharing.repository.ts';
import { viewCounter } from './views.ts';

const log = testLogger().log;

describe('public sharing service', () => {
  it('refuses a malformed hash as not found without asking the database', async () => {
    const repo = new Proxy({} as SharingRepository, {
      get: (_, name) => () => {
        throw new Error(`the database was asked (${String(name)})`);
      },
    });
    const write = vi.fn();
    const service = publicSharingService({
      repo,
      poller: { markNumbers: vi.fn() },
      bus: createMemoryBus(),
      views: viewCounter({ write, now: () => new Date(), log }),
      now: () => new Date(),
      log,
      config: {
        expectingWindowMs: 180_000,
        expectingPollIntervalMs: 2000,
        watchedPollIntervalMs: 5000,
      },
      heartbeatMs: 15_000,
    });
    for (const hash of [
      '',
      'short',
      'A'.repeat(21),
      'A'.repeat(23),
      `${'A'.repeat(21)}=`,
      `${'A'.repeat(21)}/`,
    ]) {
      await expect(service.page(hash)).rejects.toMatchObject({
        status: 404,
        code: 'PAGE_NOT_FOUND',
      });
      await expect(service.single(hash)).rejects.toMatchObject({
        status: 404,
        code: 'ENDPOINT_NOT_FOUND',
      });
      await expect(service.latest(hash, 1000)).rejects.toMatchObject({
        code: 'ENDPOINT_NOT_FOUND',
      });
      await expect(service.expectOnSingle(hash)).rejects.toMatchObject({
        code: 'ENDPOINT_NOT_FOUND',
      });
      await expect(
        service.expectOnPage(hash, '00000000-0000-4000-8000-000000000000'),
      ).rejects.toMatchObject({ code: 'PAGE_NOT_FOUND' });
      await expect(service.streamTarget('page', hash)).rejects.toMatchObject({
        code: 'PAGE_NOT_FOUND',
      });
    }
    expect(write).not.toHaveBeenCalled();
  });
});

describe('view counter', () => {
  it('writes N views as one statement per table, with the latest access time', async () => {
    const write = vi.fn(async () => {});
    let now = new Date('2030-01-01T00:00:00Z');
    const views = viewCounter({ write, now: () => now, log, intervalMs: 60_000 });
    for (let i = 0; i < 50; i++) views.hit('page', 'p1');
    views.hit('page', 'p2');
    now = new Date('2030-01-01T00:00:05Z');
    views.hit('page', 'p1');
    views.hit('single', 's1');
    expect(write).not.toHaveBeenCalled();
    await views.flush();
    expect(write).toHaveBeenCalledTimes(2);
    expect(write).toHaveBeenCalledWith('page', [
      { id: 'p1', n: 51, at: now },
      { id: 'p2', n: 1, at: new Date('2030-01-01T00:00:00Z') },
    ]);
    expect(write).toHaveBeenCalledWith('single', [{ id: 's1', n: 1, at: now }]);
    await views.flush(); // nothing new: nothing written
    expect(write).toHaveBeenCalledTimes(2);
    await views.close();
  });

  it('flushes by itself after the interval and on close; a failed write is kept for the next', async () => {
    vi.useFakeTimers();
    try {
      const written: unknown[] = [];
      let fail = true;
      const write = vi.fn(async (_kind: string, batch: unknown) => {
        if (fail) throw new Error('database down');
        written.push(batch);
      });
      const logger = testLogger();
      const views = viewCounter({
        write,
        now: () => new Date(0),
        log: logger.log,
        intervalMs: 5000,
      });
      views.hit('single', 's1');
      views.hit('single', 's1');
      await vi.advanceTimersByTimeAsync(4999);
      expect(write).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(write).toHaveBeenCalledTimes(1);
      expect(logger.messages('warn')).toHaveLength(1);
      fail = false;
      views.hit('single', 's1');
      await views.close();
      expect(written).toEqual([[{ id: 's1', n: 3, at: new Date(0) }]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
