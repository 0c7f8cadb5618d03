import { sql, type SQL } from 'drizzle-orm';
import { WAIT_CLOCK_SKEW_MS, type CodeAnswer } from '../../../shared/code-wait.ts';
import { realTimers, type Scheduler } from '../../clock.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { sha256 } from '../../secrets.ts';
import { messageErrors } from './messages.errors.ts';

/**
 * Where codes count from: after a stored message of the number (by storage time, then id), or
 * after a storage time; undefined: after the newest message stored when the request arrived.
 */
export type After = { messageId: string } | { time: Date };

type Row = {
  id: string;
  code: string;
  content: string;
  sender: string;
  received_at: Date | string;
  created_at: Date | string;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
/** Claim attempts per check: each loses only to another caller's claim of the same code. */
const CLAIM_TRIES = 5;

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
  db: Db;
  bus: EventBus;
  now: () => Date;
  timers?: Scheduler;
  /** Marks the number as expecting a code (polled at the fastest tier). */
  expect: (userId: string, numberId: string) => Promise<unknown>;
}) {
  const { db } = deps;
  const timers = deps.timers ?? realTimers;
  const waiters = new Set<(why: 'closing') => void>();

  /**
   * The starting point as SQL, checked: `(created_at, id)` after which a code counts, and for a
   * time (given, or the request's) how old its SMS may be: a number's first poll stores its
   * provider's backlog, stored now but received long before.
   */
  async function startOf(numberId: string, after: After | undefined, asked: Date): Promise<SQL> {
    const byId = (id: string) =>
      sql`(m.created_at, m.id) > (select created_at, id from messages
        where id = ${id} and voip_number_id = ${numberId})`;
    const receivedSince = (t: Date) =>
      sql`m.received_at >= ${new Date(t.getTime() - WAIT_CLOCK_SKEW_MS).toISOString()}::timestamptz`;
    if (after && 'messageId' in after) {
      const rows = rowsOf<{ id: string }>(
        await db.execute(
          sql`select id from messages where id = ${after.messageId} and voip_number_id = ${numberId}`,
        ),
      );
      if (rows.length === 0) throw messageErrors.unknownAfter();
      return byId(after.messageId);
    }
    if (after)
      return sql`m.created_at > ${after.time.toISOString()}::timestamptz and ${receivedSince(after.time)}`;
    const rows = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from messages where voip_number_id = ${numberId}
        order by created_at desc, id desc limit 1`,
      ),
    );
    return rows[0] ? sql`${byId(rows[0].id)} and ${receivedSince(asked)}` : receivedSince(asked);
  }

  const pick = sql`m.id, m.code, m.content, m.sender, m.received_at, m.created_at`;

  async function firstCode(numberId: string, start: SQL): Promise<Row | undefined> {
    const rows = rowsOf<Row>(
      await db.execute(sql`select ${pick} from messages m
      where m.voip_number_id = ${numberId} and m.code is not null
        and ${start}
      order by m.created_at, m.id limit 1`),
    );
    return rows[0];
  }

  async function claimCode(
    numberId: string,
    start: SQL,
    requestKey: string | null,
  ): Promise<Row | undefined> {
    for (let i = 0; i < CLAIM_TRIES; i++) {
      const rows = rowsOf<Row>(
        await db.execute(sql`with candidate as (
          select ${pick} from messages m
          where m.voip_number_id = ${numberId} and m.code is not null
            and ${start}
            and not exists (select 1 from code_claims c where c.message_id = m.id)
          order by m.created_at, m.id limit 1
        ), claimed as (
          insert into code_claims (message_id, voip_number_id, request_key, claimed_at)
          select id, ${numberId}, ${requestKey}, ${deps.now().toISOString()} from candidate
          on conflict do nothing
          returning message_id
        )
        select c.*, exists (select 1 from claimed) as won from candidate c`),
      );
      const row = rows[0] as (Row & { won: boolean }) | undefined;
      if (!row) return undefined;
      if (row.won) return row;
      // Another caller claimed it between our read and insert (or our key claimed another code).
      if (requestKey) {
        const again = await claimedFor(requestKey);
        if (again) return again;
      }
    }
    return undefined;
  }

  async function claimedFor(requestKey: string): Promise<Row | undefined> {
    const rows = rowsOf<Row>(
      await db.execute(sql`select ${pick} from code_claims c
      join messages m on m.id = c.message_id where c.request_key = ${requestKey}`),
    );
    return rows[0];
  }

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
        const earlier = await claimedFor(requestKey);
        if (earlier) return answer(earlier);
      }
      const start = await startOf(number.id, input.after, deps.now());
      const check = () =>
        input.claim ? claimCode(number.id, start, requestKey) : firstCode(number.id, start);

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
