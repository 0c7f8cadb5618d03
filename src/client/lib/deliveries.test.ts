import { describe, expect, it } from 'vitest';
import type { DeliveryDto } from '../../shared/webhooks.ts';
import { dueSoon } from './deliveries.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('dueSoon', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const delivery = (over: Partial<DeliveryDto>): DeliveryDto => ({
    id: id(1),
    event: 'webhook.test',
    status: 'pending',
    attempts: 0,
    responseStatus: null,
    latencyMs: null,
    responseExcerpt: null,
    error: null,
    createdAt: new Date(now).toISOString(),
    lastAttemptAt: null,
    nextAttemptAt: new Date(now).toISOString(),
    ...over,
  });
  const log = (...items: DeliveryDto[]) => ({
    pages: [{ items, nextCursor: null }],
    pageParams: [undefined],
  });
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('watches the log while a delivery is pending and due within a minute', () => {
    expect(dueSoon(undefined, now)).toBe(false);
    expect(dueSoon(log(), now)).toBe(false);
    expect(dueSoon(log(delivery({})), now)).toBe(true);
    expect(dueSoon(log(delivery({ nextAttemptAt: at(-3_600_000) })), now)).toBe(true);
    expect(dueSoon(log(delivery({ nextAttemptAt: at(30_000) })), now)).toBe(true);
    expect(dueSoon(log(delivery({ nextAttemptAt: at(120_000) })), now)).toBe(false);
    expect(dueSoon(log(delivery({ status: 'delivered', nextAttemptAt: null })), now)).toBe(false);
    expect(dueSoon(log(delivery({ status: 'failed', nextAttemptAt: null })), now)).toBe(false);
  });
});
