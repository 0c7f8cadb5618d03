import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { toast, type ExternalToast } from 'sonner';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '../../server/i18n.ts';
import type { Me } from '../../shared/auth.ts';
import type { Message } from '../../shared/messages.ts';
import { codePopups, setPopupsPaused } from './code-popups.ts';
import { LocaleProvider } from './i18n.tsx';
import { connectLiveEvents, type LiveHandler } from './live-events.ts';
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
/** A number as the stream names it. */
type On = { id: string; phoneNumber: string };
const card = (n: number, phoneNumber = `555000${String(n).padStart(4, '0')}`): On => ({
  id: uuid(n),
  phoneNumber,
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

  it('hands each new message once to every handler, and tells them of a reconnect and the close', async () => {
    const qc = new QueryClient();
    const seen: string[] = [];
    const recorder =
      (name: string): LiveHandler =>
      (client) => {
        expect(client).toBe(qc);
        return {
          message: (m, storedAt) => seen.push(`${name} ${m.id} ${storedAt}`),
          reconnected: () => seen.push(`${name} reconnected`),
          close: () => seen.push(`${name} closed`),
        };
      };
    const close = connectLiveEvents(qc, [recorder('a'), recorder('b')], '/v1/events');
    const first = FakeEventSource.last!;
    const m = message(1, uuid(2), '2026-11-23T11:00:00.000Z');
    const event = {
      data: JSON.stringify(m),
      lastEventId: String(Date.parse('2026-11-23T12:00:00.000Z')),
    };
    first.emit('open', {});
    first.emit('message', event);
    first.emit('message', event); // a replay after a reconnect: dropped
    first.emit('message', { data: 'not json' });
    expect(seen).toEqual([
      `a ${m.id} 2026-11-23T12:00:00.000Z`,
      `b ${m.id} 2026-11-23T12:00:00.000Z`,
    ]);

    // The server closed the stream: a new one is opened later, and the handlers are told.
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error', {});
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeEventSource.last).not.toBe(first);
    FakeEventSource.last!.emit('open', {});
    expect(seen.slice(2)).toEqual(['a reconnected', 'b reconnected']);

    close();
    expect(seen.slice(4)).toEqual(['a closed', 'b closed']);
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
  const me = (codeToasts: boolean): Me => ({
    id: uuid(999),
    email: 'a@example.com',
    emailVerified: true,
    codeToasts,
    theme: 'system',
    locale: 'en',
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
    const html = renderToStaticMarkup(
      createElement(LocaleProvider, {
        instance: i18nFor('en'),
        children: createElement(MemoryRouter, null, render(options.id!)),
      }),
    );
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
    const b = card(2, '5550000002');
    if (codeToasts !== undefined) qc.setQueryData(ME_QUERY_KEY, me(codeToasts));
    const received: Message[] = [];
    const recorder: LiveHandler = () => ({
      message: (m) => received.push(m),
      reconnected: () => {},
      close: () => {},
    });
    const close = connectLiveEvents(qc, [recorder], '/v1/events');
    const es = FakeEventSource.last!;
    const send = (n: number, on: On, at: string, code: string | null = String(n)) =>
      es.emit('message', {
        data: JSON.stringify({ ...message(n, on.id, at), phoneNumber: on.phoneNumber, code }),
        lastEventId: String(Date.parse(at)),
      });
    return { qc, a, b, send, close, received };
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

  it('holds codes while pop-ups are paused and shows them together on resume', async () => {
    const { a, b, send, close } = start(true);
    setPopupsPaused(true);
    send(111111, a, '2026-11-23T11:00:01.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    send(222222, b, '2026-11-23T11:00:02.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(anyToasts()).toBe(0);
    expect(codePopups().held.map((c) => c.code)).toEqual(['222222', '111111']);

    setPopupsPaused(false);
    expect(codePopups().held).toEqual([]);
    expect(custom).toHaveBeenCalledTimes(1);
    const { html, lines } = shown(0);
    expect(html).toContain('2 new codes');
    expect(lines.map((l) => l.split(' ').slice(-2, -1)[0])).toEqual(['222222', '111111']);

    // Closing the stream (sign-out) forgets what a pause held.
    setPopupsPaused(true);
    send(333333, a, '2026-11-23T11:00:03.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(codePopups().held).toHaveLength(1);
    close();
    expect(codePopups().held).toEqual([]);
    setPopupsPaused(false);
    expect(custom).toHaveBeenCalledTimes(1);
  });

  it('shows no toast while the cached me has code toasts off, and again once it is on', async () => {
    const { qc, a, send, close, received } = start(false);
    send(111111, a, '2026-11-23T11:00:01.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(anyToasts()).toBe(0);
    // The features still get the message.
    expect(received.map((m) => m.code)).toEqual(['111111']);

    // A change of the preference applies at once, without reconnecting.
    qc.setQueryData(ME_QUERY_KEY, me(true));
    send(222222, a, '2026-11-23T11:00:02.000Z');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(custom).toHaveBeenCalledTimes(1);
    expect(shown(0).lines).toEqual(['New code for (555) 000-0001 222222 Copy']);
    close();
  });
});
