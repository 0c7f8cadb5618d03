import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicMessage, PublicNumber } from '../../shared/sharing.ts';
import { connectPublicEvents, withPublicMessage } from './public-events.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const msg = (n: number, minute: number): PublicMessage => ({
  id: uuid(n),
  sender: 'Telegram',
  content: `Telegram code: ${100000 + n}`,
  code: String(100000 + n),
  receivedAt: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});
const number = (messages: PublicMessage[]): PublicNumber => ({
  id: uuid(999),
  phoneNumber: '5550001001',
  isActive: true,
  endDate: null,
  daysLeft: null,
  messages,
});

describe('withPublicMessage', () => {
  it('puts a new message first and keeps the newest 10', () => {
    const ten = Array.from({ length: 10 }, (_, i) => msg(i, 10 - i));
    const next = withPublicMessage(number(ten), msg(50, 30));
    expect(next.messages).toHaveLength(10);
    expect(next.messages[0]!.id).toBe(uuid(50));
    expect(next.messages.map((m) => m.id)).not.toContain(uuid(9));
  });

  it('sorts a late arrival into place', () => {
    const next = withPublicMessage(number([msg(1, 20), msg(2, 10)]), msg(3, 15));
    expect(next.messages.map((m) => m.id)).toEqual([uuid(1), uuid(3), uuid(2)]);
  });

  it('returns the number itself for a message it holds, or one older than all of 10 kept', () => {
    const n = number([msg(1, 20)]);
    expect(withPublicMessage(n, msg(1, 20))).toBe(n);
    const full = number(Array.from({ length: 10 }, (_, i) => msg(i, 30 - i)));
    expect(withPublicMessage(full, msg(77, 1))).toBe(full);
  });
});

type Listener = (e: { data?: string }) => void;

/** A stand-in for the browser's EventSource: the test dispatches events to the listeners. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, Listener[]>();
  closed = false;
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, e: { data?: string } = {}) {
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  close() {
    this.closed = true;
  }
}

describe('connectPublicEvents', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reports each message with its number, and skips what is not one', () => {
    const onEvent = vi.fn();
    const close = connectPublicEvents('/v1/public/pages/x/events', { onEvent, onResync: vi.fn() });
    const es = FakeEventSource.all[0]!;
    expect(es.url).toBe('/v1/public/pages/x/events');
    es.emit('message', { data: JSON.stringify({ ...msg(1, 5), numberId: uuid(7) }) });
    es.emit('message', { data: 'not json' });
    es.emit('message', { data: JSON.stringify({ id: uuid(2) }) });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ ...msg(1, 5), numberId: uuid(7) });
    close();
    expect(es.closed).toBe(true);
  });

  it('on a dropped stream: closes it, refetches at once, reopens later and refetches again', () => {
    const onResync = vi.fn();
    const onStatus = vi.fn();
    const close = connectPublicEvents('/e', { onEvent: vi.fn(), onResync, onStatus });
    const first = FakeEventSource.all[0]!;
    first.emit('open');
    expect(onStatus).toHaveBeenLastCalledWith(true);
    expect(onResync).not.toHaveBeenCalled();

    first.emit('error');
    expect(onStatus).toHaveBeenLastCalledWith(false);
    // Closed by us, so the browser does not retry a link that may now answer 404.
    expect(first.closed).toBe(true);
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all).toHaveLength(1);

    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.all).toHaveLength(2);
    const second = FakeEventSource.all[1]!;
    second.emit('open');
    // The new stream has no Last-Event-ID: what arrived meanwhile is fetched.
    expect(onResync).toHaveBeenCalledTimes(2);

    // An open stream resets the delay; failures in a row (never open) wait longer: 2 s, 4 s.
    second.emit('error');
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.all[2]!.emit('error');
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.all).toHaveLength(3);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.all).toHaveLength(4);

    // Closing (e.g. the page is gone) stops everything.
    FakeEventSource.all[3]!.emit('error');
    close();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.all).toHaveLength(4);
  });
});
