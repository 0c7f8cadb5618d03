import { isDatabaseUnavailable } from '../db/errors.ts';
import type { EventBus } from '../events/bus.ts';
import type { StoredMessage } from '../modules/messages/messages.repository.ts';
import { toEvent } from '../modules/messages/messages.dto.ts';
import type { PollerRepository, PollOutcome } from './poller.repository.ts';

export const STORE_FAILED = 'Failed to store messages';

type Log = { error: (obj: object, msg: string) => void };

/**
 * The batched writer (group commit): finished polls wait here and are stored in batches, one
 * statement per batch (`recordPolls`). A batch is written as soon as the previous one is stored,
 * so under load batches grow and at rest a poll is written at once. New messages are published in
 * order, each batch's together, while the next batch is written.
 *
 * A batch the database refuses is split in halves until the poll that broke it stands alone, so
 * one poll's bad data never fails another's; that poll is then stored as a failure (its schedule
 * moves on, its messages are dropped). Errors are logged through the app's error serializer
 * (`log.ts`), which never prints a statement's parameters (other users' messages and codes).
 */
export function createWriter(deps: {
  repo: Pick<PollerRepository, 'recordPolls'>;
  bus: EventBus;
  log: Log;
  /** Messages kept per number, read for each batch. */
  keep: () => number | Promise<number>;
  batchSize: number;
  /** Called when a batch stored new messages (their webhook deliveries were made with them). */
  onNewMessages?: () => void;
}) {
  const pending: {
    outcome: PollOutcome;
    done: (stored: StoredMessage[]) => void;
    fail: (err: unknown) => void;
  }[] = [];
  let writing = false;
  let published: Promise<void> = Promise.resolve();

  /** Stores `batch`, isolating whatever the database refuses. Never throws. */
  async function store(batch: typeof pending): Promise<void> {
    let stored: StoredMessage[][];
    try {
      stored = await deps.repo.recordPolls(
        batch.map((p) => p.outcome),
        await deps.keep(),
      );
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // Not this batch's data: the database is down. Splitting would only multiply the waiting.
        for (const p of batch) p.fail(err);
        return;
      }
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        await store(batch.slice(0, half));
        await store(batch.slice(half));
        return;
      }
      const p = batch[0]!;
      deps.log.error({ err, numberId: p.outcome.number.id }, 'storing a poll failed');
      if (p.outcome.ok) {
        // Store it as a failed poll instead, so the number's schedule and error move on.
        const { found: _f, endDate: _e, ...rest } = p.outcome;
        await store([{ ...p, outcome: { ...rest, ok: false, error: STORE_FAILED } }]);
      } else {
        p.fail(err);
      }
      return;
    }
    const events = stored.flat().map(toEvent);
    if (events.length) {
      deps.onNewMessages?.();
      published = published.then(() =>
        deps.bus.publish(events).catch((err: unknown) => {
          deps.log.error({ err, events: events.length }, 'publishing new messages failed');
        }),
      );
    }
    batch.forEach((p, i) => p.done(stored[i]!));
  }

  async function writeAll() {
    while (pending.length) {
      await store(pending.splice(0, deps.batchSize));
      // Between batches, let requests in (on the embedded database a statement runs on this
      // thread, and back-to-back batches would answer nothing meanwhile).
      if (pending.length) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    writing = false;
  }

  return {
    /** Queues a finished poll; resolves with its new messages once stored. */
    record(outcome: PollOutcome): Promise<StoredMessage[]> {
      return new Promise((done, fail) => {
        pending.push({ outcome, done, fail });
        if (writing) return;
        writing = true;
        // Polls finishing in the same turn of the event loop go into one batch.
        setImmediate(() => void writeAll());
      });
    },
    /** Resolves when every event published so far has gone out. */
    published: () => published,
  };
}
export type Writer = ReturnType<typeof createWriter>;
