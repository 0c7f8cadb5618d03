import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/app.ts';
import { sharingChanges } from './changes.ts';
import { PUBLIC_READ_TTL_MS, publicReadCache } from './read-cache.ts';

const target = { id: 'p1', ownerId: 'u1', numberIds: ['n1'] };

function setup() {
  const clock = testClock();
  const changes = sharingChanges();
  const cache = publicReadCache<{ target: typeof target; n: number }>({ changes, now: clock.now });
  let loads = 0;
  const load = async () => ({ target, n: ++loads });
  return { clock, changes, cache, load, loads: () => loads };
}

describe('public read cache', () => {
  it('shares one load between concurrent and later readers until it ages out', async () => {
    const { clock, cache, load, loads } = setup();
    const views = await Promise.all([1, 2, 3].map(() => cache.view('page', 'h', load)));
    expect(views.map((v) => v?.n)).toEqual([1, 1, 1]);
    clock.advance(PUBLIC_READ_TTL_MS - 1);
    expect((await cache.view('page', 'h', load))?.n).toBe(1);
    clock.advance(1);
    expect((await cache.view('page', 'h', load))?.n).toBe(2);
    // A clock set back does not keep an answer for longer.
    clock.advance(-60_000);
    expect((await cache.view('page', 'h', load))?.n).toBe(3);
    expect(loads()).toBe(3);
  });

  it('drops an answer when its owner changes the link, and keeps no miss or failure', async () => {
    const { changes, cache, load } = setup();
    expect((await cache.view('page', 'h', load))?.n).toBe(1);
    changes.changed('page', ['p1']);
    expect((await cache.view('page', 'h', load))?.n).toBe(2);
    // Another kind or id is another answer.
    changes.changed('single', ['p1']);
    expect((await cache.view('page', 'h', load))?.n).toBe(2);

    let missing = 0;
    const none = async () => (++missing, undefined);
    await cache.view('single', 'x', none);
    await cache.view('single', 'x', none);
    expect(missing).toBe(2);
    let failures = 0;
    const failing = async (): Promise<undefined> => {
      failures++;
      throw new Error('database down');
    };
    await expect(cache.view('single', 'y', failing)).rejects.toThrow('database down');
    await expect(cache.view('single', 'y', failing)).rejects.toThrow('database down');
    expect(failures).toBe(2);
  });

  it('keeps a further read of the hash with its answer', async () => {
    const { clock, cache, load } = setup();
    let asked = 0;
    const more = async () => ++asked;
    const first = await cache.more('single', 'h', load, 'latest', more);
    const second = await cache.more('single', 'h', load, 'latest', more);
    expect([first?.value, second?.value]).toEqual([1, 1]);
    clock.advance(PUBLIC_READ_TTL_MS);
    expect((await cache.more('single', 'h', load, 'latest', more))?.value).toBe(2);
  });
});
