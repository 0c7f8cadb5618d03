import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { toast, type ExternalToast } from 'sonner';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/auth.ts';
import type { Message } from '../../shared/messages.ts';
import type { NumberList, VoipNumber } from '../../shared/numbers.ts';
import { addMessageToNumberLists, connectLiveEvents } from './live-events.ts';
import { ME_QUERY_KEY } from './me.ts';

vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn(), {
    custom: vi.fn(),
    dismiss: vi.fn(),
    success: vi.fn(),
    error: vi.fn(),
  }),
}));

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
    pages: pages.map((items) => ({ items, total: null, totalCapped: false, nextCursor: null })),
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

/** A stand-in for the browser's EventSource: the test dispatches events to the listeners. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  static readonly CLOSED = 2;
  readyState = 1;
  listeners = new Map<string, ((e: { data?: string; lastEventId?: string }) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: { data?: string; lastEventId?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, e: { data?: string; lastEventId?: string }) {
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  close() {}
}

describe('connectLiveEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
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
    const target = card(2);
    seed(qc, listKey, [[target]]);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const close = connectLiveEvents(qc, '/v1/events');
    const es = FakeEventSource.last!;
    const send = (n: number) =>
      es.emit('message', {
        data: JSON.stringify(message(n, target.id, '2026-11-23T11:00:00.000Z')),
        lastEventId: String(Date.parse('2026-11-23T12:00:00.000Z')),
      });

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
    close();
  });
});

describe('code toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const listKey = ['numbers', 'list', {}];
  const me = (codeToasts: boolean): Me => ({
    id: uuid(999),
    email: 'a@example.com',
    emailVerified: true,
    codeToasts,
  });
  const custom = vi.mocked(toast.custom);
  /** Every toast shown so far, of any kind (the plain toast function and its variants). */
  const anyToasts = () =>
    vi.mocked(toast).mock.calls.length +
    custom.mock.calls.length +
    vi.mocked(toast.success).mock.calls.length;
  /** The HTML of the code toast as shown by toast.custom call `i`, with its options. */
  const shown = (i: number) => {
    const [render, options] = custom.mock.calls[i]! as [
      (id: string | number) => ReactElement,
      ExternalToast,
    ];
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, render(options.id!)));
    const lines = [...html.matchAll(/<li[^>]*data-testid="code-toast-line"[^]*?<\/li>/g)].map((l) =>
      l[0]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    return { html, lines, options };
  };

  function start(codeToasts?: boolean) {
    const qc = new QueryClient();
    const a = card(1);
    const b = card(2, { phoneNumber: '5550000002' });
    seed(qc, listKey, [[a, b]]);
    if (codeToasts !== undefined) qc.setQueryData(ME_QUERY_KEY, me(codeToasts));
    const close = connectLiveEvents(qc, '/v1/events');
    const es = FakeEventSource.last!;
    const send = (n: number, on: VoipNumber, at: string, code: string | null = String(n)) =>
      es.emit('message', {
        data: JSON.stringify({ ...message(n, on.id, at), phoneNumber: on.phoneNumber, code }),
        lastEventId: String(Date.parse(at)),
      });
    return { qc, a, b, send, close };
  }

  it('shows codes arriving together in one toast: a line per code, newest first, capped', async () => {
    const { a, b, send, close } = start(true);
    send(111111, a, '2026-11-23T11:00:01.000Z');
    send(222222, b, '2026-11-23T11:00:03.000Z');
    send(333333, a, '2026-11-23T11:00:02.000Z');
    send(444444, b, '2026-11-23T11:00:04.000Z');
    send(5, b, '2026-11-23T11:00:05.000Z', null); // no code: no line
    await vi.advanceTimersByTimeAsync(1_000);

    expect(custom).toHaveBeenCalledTimes(1);
    expect(anyToasts()).toBe(1);
    const { html, lines, options } = shown(0);
    expect(lines).toEqual([
      'New code for (555) 000-0002 444444 Copy',
      'New code for (555) 000-0002 222222 Copy',
      'New code for (555) 000-0001 333333 Copy',
    ]);
    expect(html).toContain('aria-label="Copy code 444444 for (555) 000-0002"');
    expect(html).toMatch(/href="\/dashboard\/messages"[^>]*>and 1 more code</);
    // The phone number appears once per line, not in a title as well.
    expect(html.match(/\(555\) 000-0002/g)).toHaveLength(4); // 2 lines, text + Copy label each
    expect(options.duration).toBeGreaterThanOrEqual(8_000);
    close();
  });

  it('adds codes arriving while the toast is open to it, and starts afresh once it closed', async () => {
    const { a, b, send, close } = start(true);
    send(111111, a, '2026-11-23T11:00:01.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    send(222222, b, '2026-11-23T11:00:02.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(custom).toHaveBeenCalledTimes(2);
    const first = shown(0);
    const second = shown(1);
    expect(second.options.id).toBe(first.options.id);
    expect(first.lines).toHaveLength(1);
    expect(second.lines.map((l) => l.split(' ').slice(-2, -1)[0])).toEqual(['222222', '111111']);

    second.options.onAutoClose!({ id: second.options.id! });
    send(333333, a, '2026-11-23T11:00:03.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shown(2).lines).toEqual(['New code for (555) 000-0001 333333 Copy']);
    close();
  });

  it('shows no toast while the cached me has code toasts off, and again once it is on', async () => {
    const { qc, a, send, close } = start(false);
    send(111111, a, '2026-11-23T11:00:01.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(anyToasts()).toBe(0);
    // The card still gets the code.
    expect(lists(qc, listKey)[0]!.recentMessages[0]!.code).toBe('111111');

    // A change of the preference applies at once, without reconnecting.
    qc.setQueryData(ME_QUERY_KEY, me(true));
    send(222222, a, '2026-11-23T11:00:02.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(custom).toHaveBeenCalledTimes(1);
    expect(shown(0).lines).toEqual(['New code for (555) 000-0001 222222 Copy']);
    close();
  });
});
