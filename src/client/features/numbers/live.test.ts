import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/messages.ts';
import type { NumberList, VoipNumber } from '../../../shared/numbers.ts';
import { addMessageToNumberLists, numbersLive } from './live.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const card = (n: number, extra: Partial<VoipNumber> = {}): VoipNumber => ({
  id: uuid(n),
  phoneNumber: `555000${String(n).padStart(4, '0')}`,
  apiLink: `https://p.example.com/${n}`,
  apiHost: 'p.example.com',
  isActive: true,
  isFavorite: false,
  notes: '',
  lastUsed: null,
  endDate: null,
  dateLastChecked: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  tags: [],
  lastError: 'HTTP error! status: 500',
  lastPolledAt: null,
  linkMayBeDead: false,
  messageCount: 0,
  recentMessages: [],
  ...extra,
});
const recent = (n: number, at: string) => ({
  id: uuid(100 + n),
  sender: 'Svc',
  content: `code ${n}`,
  code: String(n),
  receivedAt: at,
});
const message = (n: number, numberId: string, at: string): Message => ({
  ...recent(n, at),
  voipNumberId: numberId,
  phoneNumber: '5550000001',
});
const lists = (qc: QueryClient, key: unknown[]) =>
  qc.getQueryData<InfiniteData<NumberList>>(key)!.pages.flatMap((p) => p.items);
const seed = (qc: QueryClient, key: unknown[], pages: VoipNumber[][]) =>
  qc.setQueryData<InfiniteData<NumberList>>(key, {
    pages: pages.map((items) => ({
      items,
      total: null,
      totalCapped: false,
      collectionTotal: null,
      nextCursor: null,
    })),
    pageParams: pages.map(() => undefined),
  });

describe('addMessageToNumberLists', () => {
  const stored = '2026-11-23T12:00:00.000Z';

  it('puts the message on its card in every cached list: newest 3, count + 1, no error', () => {
    const qc = new QueryClient();
    const older = [
      recent(1, '2026-11-23T09:00:00.000Z'),
      recent(2, '2026-11-23T08:00:00.000Z'),
      recent(3, '2026-11-23T07:00:00.000Z'),
    ];
    const target = card(2, { messageCount: 7, recentMessages: older });
    seed(qc, ['numbers', 'list', {}], [[card(1)], [target, card(3)]]);
    seed(qc, ['numbers', 'list', { favorite: true }], [[target]]);
    seed(qc, ['numbers', 'list', { q: 'other' }], [[card(3)]]);
    const untouched = qc.getQueryData(['numbers', 'list', { q: 'other' }]);

    addMessageToNumberLists(qc, message(9, target.id, '2026-11-23T11:00:00.000Z'), stored);

    for (const key of [
      ['numbers', 'list', {}],
      ['numbers', 'list', { favorite: true }],
    ]) {
      const got = lists(qc, key).find((n) => n.id === target.id)!;
      expect(got.messageCount).toBe(8);
      expect(got.recentMessages.map((m) => m.code)).toEqual(['9', '1', '2']);
      expect(got).toMatchObject({ lastUsed: stored, lastPolledAt: stored, lastError: null });
    }
    expect(lists(qc, ['numbers', 'list', {}]).find((n) => n.id === uuid(1))).toEqual(card(1));
    expect(qc.getQueryData(['numbers', 'list', { q: 'other' }])).toBe(untouched);
  });

  it('places an older message by its time, ignores a repeat, and caps the count at what is kept', () => {
    const qc = new QueryClient();
    const target = card(2, {
      messageCount: 5,
      recentMessages: [recent(1, '2026-11-23T09:00:00.000Z')],
    });
    const full = card(4, { messageCount: 100 });
    seed(qc, ['numbers', 'list', {}], [[target, full]]);
    const late = message(5, target.id, '2026-11-23T08:30:00.000Z');
    addMessageToNumberLists(qc, late, stored);
    addMessageToNumberLists(qc, late, stored);
    addMessageToNumberLists(qc, message(6, full.id, '2026-11-23T10:00:00.000Z'), stored);
    const [got, gotFull] = lists(qc, ['numbers', 'list', {}]);
    expect(got!.recentMessages.map((m) => m.code)).toEqual(['1', '5']);
    expect(got!.messageCount).toBe(6);
    expect(gotFull!.messageCount).toBe(100);
    expect(gotFull!.recentMessages.map((m) => m.code)).toEqual(['6']);
  });
});

describe('numbersLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const listKey = ['numbers', 'list', {}];
  /** How often the numbers lists were invalidated, from an invalidateQueries spy's calls. */
  const listInvalidations = (calls: unknown[][]) =>
    calls.filter(
      ([f]) =>
        JSON.stringify((f as { queryKey?: unknown } | undefined)?.queryKey) ===
        '["numbers","list"]',
    ).length;

  it('patches the card without refetching the lists, unless a numbers fetch is in flight', async () => {
    const qc = new QueryClient();
    const target = card(2, { lastPolledAt: '2026-11-23T10:00:00.000Z' });
    seed(qc, listKey, [[target]]);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const live = numbersLive(qc);
    const send = (n: number) =>
      live.message(message(n, target.id, '2026-11-23T11:00:00.000Z'), '2026-11-23T12:00:00.000Z');

    send(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(lists(qc, listKey)[0]!.messageCount).toBe(1);
    expect(lists(qc, listKey)[0]!.lastUsed).toBe('2026-11-23T12:00:00.000Z');
    expect(listInvalidations(spy.mock.calls)).toBe(0);

    // A list fetch in flight (it may answer with the card from before): fetched again after it.
    let answer!: () => void;
    void qc.fetchQuery({
      queryKey: ['numbers', 'list', { q: 'x' }],
      queryFn: () => new Promise<null>((r) => (answer = () => r(null))),
    });
    send(2);
    send(3);
    expect(listInvalidations(spy.mock.calls)).toBe(0);
    answer();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(listInvalidations(spy.mock.calls)).toBe(1);
    expect(lists(qc, listKey)[0]!.messageCount).toBe(3);

    // After a reconnect the lists are fetched again at once.
    live.reconnected();
    expect(listInvalidations(spy.mock.calls)).toBe(2);
    live.close();
  });

  it('refetches the lists once after the first messages of a never-polled number (its end date)', async () => {
    const qc = new QueryClient();
    const fresh = card(3);
    seed(qc, listKey, [[fresh]]);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const live = numbersLive(qc);
    for (const n of [1, 2, 3])
      live.message(message(n, fresh.id, '2026-11-23T11:00:00.000Z'), '2026-11-23T12:00:00.000Z');
    expect(lists(qc, listKey)[0]!.messageCount).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(listInvalidations(spy.mock.calls)).toBe(1);
    live.close();
  });
});
