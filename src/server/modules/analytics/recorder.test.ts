import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testLogger } from '../../test/logger.ts';
import type { EventRow } from './analytics.repository.ts';
import { pagePath } from './analytics.service.ts';
import {
  analyticsRecorder,
  EVENTS_BATCH,
  recordAfterChange,
  truncateIp,
  type RecordedEvent,
} from './recorder.ts';

/** The batched recorder, address truncation and page paths, without a database. */

/** A recording logger (errors fail the test) and the warnings it logged so far. */
function fakeLog() {
  const logger = testLogger();
  return { log: logger.log, warnings: () => logger.messages('warn') };
}

function recorder(opts: { enabled?: boolean; failTimes?: number; maxPending?: number } = {}) {
  const written: EventRow[][] = [];
  let fail = opts.failTimes ?? 0;
  const { log, warnings } = fakeLog();
  const r = analyticsRecorder({
    write: async (rows) => {
      if (fail > 0) {
        fail--;
        throw new Error('database down');
      }
      written.push(rows);
    },
    enabled: async () => opts.enabled ?? true,
    now: () => new Date('2030-01-01T00:00:00.000Z'),
    log,
    intervalMs: 60_000,
    ...(opts.maxPending ? { maxPending: opts.maxPending } : {}),
  });
  return { r, written, warnings };
}
const ev = (i: number): RecordedEvent => ({ type: 'page_view', pageUrl: `/p${i}`, sessionId: 's' });

describe('analyticsRecorder', () => {
  it('buffers events and writes them in batches of EVENTS_BATCH', async () => {
    const { r, written } = recorder();
    for (let i = 0; i < EVENTS_BATCH + 20; i++) expect(await r.record(ev(i))).toBe(true);
    await r.flush();
    expect(written.map((b) => b.length)).toEqual([EVENTS_BATCH, 20]);
    expect(written[0]![0]).toMatchObject({
      eventType: 'page_view',
      pageUrl: '/p0',
      sessionId: 's',
      eventData: {},
      userId: null,
      createdAt: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(r.pending()).toBe(0);
  });

  it('keeps nothing while disabled', async () => {
    const { r, written } = recorder({ enabled: false });
    expect(await r.record(ev(1))).toBe(false);
    await r.flush();
    expect(written).toEqual([]);
    expect(r.pending()).toBe(0);
  });

  it('keeps a failed batch for the next flush, and drops past the cap with one warning', async () => {
    const { r, written, warnings } = recorder({ failTimes: 1, maxPending: 3 });
    for (let i = 0; i < 3; i++) await r.record(ev(i));
    await r.flush(); // fails: kept
    expect(written).toEqual([]);
    expect(r.pending()).toBe(3);
    expect(await r.record(ev(3))).toBe(false); // full: dropped
    await r.flush();
    expect(written.flat().map((e) => e.pageUrl)).toEqual(['/p0', '/p1', '/p2']);
    expect(warnings()).toEqual([
      'analytics: writing events failed; kept for the next flush',
      'analytics: events dropped while the buffer was full',
    ]);
  });

  it('writes what is left on close, and takes nothing after', async () => {
    const { r, written } = recorder();
    await r.record(ev(1));
    await r.close();
    expect(written.flat()).toHaveLength(1);
    expect(await r.record(ev(2))).toBe(false);
  });

  it('refuses an event that arrives while close is writing (none is left behind unwritten)', async () => {
    const { r, written } = recorder();
    await r.record(ev(1));
    const closing = r.close();
    expect(await r.record(ev(2))).toBe(false);
    await closing;
    expect(written.flat()).toHaveLength(1);
    expect(r.pending()).toBe(0);
  });
});

describe('analyticsRecorder: a batch refused for its data', () => {
  /** A database error as drizzle throws it: the driver's error (with its SQLSTATE) as the cause. */
  const dbError = (code: string) =>
    new Error('Failed query', { cause: Object.assign(new Error('refused'), { code }) });

  /**
   * Refuses any statement with a row on '/bad' (SQLSTATE 22P05); from statement `downFrom` on
   * (counting from 1), every statement fails as if the database had gone away.
   */
  function picky() {
    const written: string[] = [];
    const state = { downFrom: Infinity, statements: 0 };
    const { log, warnings } = fakeLog();
    const r = analyticsRecorder({
      write: async (rows) => {
        state.statements++;
        if (state.statements >= state.downFrom)
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        if (rows.some((row) => row.pageUrl === '/bad')) throw dbError('22P05');
        written.push(...rows.map((row) => row.pageUrl!));
      },
      enabled: async () => true,
      now: () => new Date('2030-01-01T00:00:00.000Z'),
      log,
      intervalMs: 60_000,
    });
    return { r, written, warnings, state };
  }

  it('writes the rest row by row and drops only the refused row, with one warning', async () => {
    const { r, written, warnings } = picky();
    for (const page of ['/a', '/bad', '/b', '/bad', '/c'])
      await r.record({ type: 'page_view', pageUrl: page });
    await r.flush();
    expect(written).toEqual(['/a', '/b', '/c']);
    expect(warnings()).toEqual(['analytics: events refused by the database dropped']);
    expect(r.pending()).toBe(0);

    // The next batch is whole again.
    await r.record({ type: 'page_view', pageUrl: '/d' });
    await r.flush();
    expect(written).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('keeps the rows not yet written when the database goes away during the row-by-row pass', async () => {
    const { r, written, state } = picky();
    for (const page of ['/a', '/bad', '/b', '/c'])
      await r.record({ type: 'page_view', pageUrl: page });
    // Statement 1 is the batch (refused for '/bad'), 2 writes '/a', 3 ('/bad') finds it gone.
    state.downFrom = 3;
    await r.flush();
    expect(written).toEqual(['/a']);
    expect(r.pending()).toBe(3);

    state.downFrom = Infinity;
    await r.flush();
    expect(written).toEqual(['/a', '/b', '/c']);
    expect(r.pending()).toBe(0);
  });

  it('keeps a whole batch on a failure that is not about its data', async () => {
    const { r, written, state } = picky();
    state.downFrom = 1;
    for (const page of ['/a', '/b']) await r.record({ type: 'page_view', pageUrl: page });
    await r.flush();
    expect(r.pending()).toBe(2);
    expect(state.statements).toBe(1);
    state.downFrom = Infinity;
    await r.flush();
    expect(written).toEqual(['/a', '/b']);
  });
});

describe('recordAfterChange', () => {
  it('never throws: a failure to record is a warning', async () => {
    const { log, warnings } = fakeLog();
    const req = { log, user: null, ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
    await expect(
      recordAfterChange({ record: () => Promise.reject(new Error('boom')) }, req, {
        type: 'site_setting_updated',
      }),
    ).resolves.toBeUndefined();
    expect(warnings()).toEqual(['analytics: event not recorded']);
  });

  it('adds the visitor part from the request', async () => {
    const seen: RecordedEvent[] = [];
    const req = {
      log: fakeLog().log,
      user: { id: '00000000-0000-4000-8000-000000000001' },
      ip: '10.1.2.3',
      headers: { 'user-agent': 'UA' },
    } as unknown as FastifyRequest;
    await recordAfterChange({ record: async (e) => (seen.push(e), true) }, req, {
      type: 'admin_user_deleted',
      data: { adminId: 'a', email: 'e' },
    });
    expect(seen).toEqual([
      {
        type: 'admin_user_deleted',
        data: { adminId: 'a', email: 'e' },
        userId: '00000000-0000-4000-8000-000000000001',
        ip: '10.1.2.0',
        userAgent: 'UA',
      },
    ]);
  });
});

describe('truncateIp', () => {
  it.each([
    ['192.0.2.55', '192.0.2.0'],
    ['::ffff:192.0.2.55', '192.0.2.0'],
    ['2001:DB8:abcd:0012::1', '2001:db8:abcd::'],
    ['::1', '0:0:0::'],
    ['not an ip', null],
    ['', null],
  ])('%s → %s', (ip, want) => {
    expect(truncateIp(ip)).toBe(want);
  });
});

describe('pagePath', () => {
  it.each([
    ['https://example.com/blog/a?x=1#h', '/blog/a?x=1'],
    ['http://127.0.0.1:3000/', '/'],
    ['/dashboard?tab=2#top', '/dashboard?tab=2'],
    ['/', '/'],
    ['relative/path', 'relative/path'],
  ])('%s → %s', (url, want) => {
    expect(pagePath(url)).toBe(want);
  });
});
