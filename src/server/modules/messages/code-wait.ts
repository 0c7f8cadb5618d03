import type { CodeAnswer } from '../../../shared/code-wait.ts';
import { realTimers, type Scheduler } from '../../clock.ts';
import type { EventBus } from '../../events/bus.ts';
import { sha256 } from '../../secrets.ts';
import { iso, type After, type CodeWaitRepository, type Row } from './code-wait.repository.ts';

/**
 * Scripts waiting for a code on one of their numbers (`GET /v1/numbers/{id}/code`). A wait is a
 * subscription to the bus (new messages from any process: LISTEN/NOTIFY on PostgreSQL) and a check
 * of storage after subscribing, after each new code of the number, and after a bus gap; storage
 * decides, so a restart of the process, a missed notification or a second process changes nothing.
 * In claim mode a code goes to exactly one claiming caller: the claim is a row whose key is the
 * message id, inserted only if none exists. A caller's Idempotency-Key is stored with its claim, so
 * its retry (the answer lost with a crashed process) gets the same code, and no one else does.
 */
export function codeWaits(deps: {
  repo: CodeWaitRepository;
  bus: EventBus;
  now: () => Date;
  timers?: Scheduler;
  /** Marks the number as expecting a code (polled at the fastest tier). */
  expect: (userId: string, numberId: string) => Promise<unknown>;
}) {
  const { repo } = deps;
  const timers = deps.timers ?? realTimers;
  const waiters = new Set<(why: 'closing') => void>();

  return {
    /**
     * The first code of the number stored after `after`, waiting up to `waitMs` for one; undefined
     * when none came. The caller has checked the number is the user's.
     */
    async wait(input: {
      userId: string;
      number: { id: string; phoneNumber: string };
      after: After | undefined;
      waitMs: number;
      claim: boolean;
      idempotencyKey?: string;
      signal?: AbortSignal;
    }): Promise<CodeAnswer | undefined | 'closing'> {
      const { userId, number } = input;
      const requestKey =
        input.claim && input.idempotencyKey
          ? sha256(`${userId}\0${number.id}\0${input.idempotencyKey}`)
          : null;
      const answer = (r: Row): CodeAnswer => ({
        messageId: r.id,
        numberId: number.id,
        phoneNumber: number.phoneNumber,
        code: r.code,
        content: r.content,
        sender: r.sender,
        receivedAt: iso(r.received_at),
        storedAt: iso(r.created_at),
        claimed: input.claim,
      });
      if (requestKey) {
        const earlier = await repo.claimedFor(requestKey);
        if (earlier) return answer(earlier);
      }
      const start = await repo.startOf(number.id, input.after, deps.now());
      const check = () =>
        input.claim
          ? repo.claimCode(number.id, start, requestKey, deps.now())
          : repo.firstCode(number.id, start);

      if (input.waitMs <= 0) {
        const found = await check();
        return found && answer(found);
      }

      return new Promise((resolve, reject) => {
        let settled = false;
        let checking = false;
        let again = false;
        const finish = (value: CodeAnswer | undefined | 'closing', err?: unknown) => {
          if (settled) return;
          settled = true;
          timers.clearTimeout(timer);
          unsubscribe();
          waiters.delete(closing);
          input.signal?.removeEventListener('abort', gone);
          if (err) reject(err);
          else resolve(value);
        };
        const gone = () => finish(undefined);
        const closing = () => finish('closing');
        /** One check at a time; what arrives during one is looked at by the next. */
        const recheck = () => {
          if (settled) return;
          if (checking) {
            again = true;
            return;
          }
          checking = true;
          again = false;
          check().then(
            (found) => {
              checking = false;
              if (found) finish(answer(found));
              else if (again) recheck();
            },
            (err: unknown) => {
              checking = false;
              finish(undefined, err);
            },
          );
        };
        const unsubscribe = deps.bus.subscribe(
          userId,
          (e) => {
            if (e.message.voipNumberId === number.id && e.message.code) recheck();
          },
          recheck,
        );
        const timer = timers.setTimeout(gone, input.waitMs);
        waiters.add(closing);
        if (input.signal?.aborted) return gone();
        input.signal?.addEventListener('abort', gone);
        recheck();
        deps.expect(userId, number.id).catch((err: unknown) => finish(undefined, err));
      });
    },

    /** Waits open in this process (tests, the soak bench). */
    open: () => waiters.size,

    /** Ends every wait (answered 503, retry): the app is closing. */
    close() {
      for (const w of [...waiters]) w('closing');
    },
  };
}
export type CodeWaits = ReturnType<typeof codeWaits>;
