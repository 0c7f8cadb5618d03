import { sql, type SQL } from 'drizzle-orm';
import { WAIT_CLOCK_SKEW_MS } from '../../../shared/code-wait.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { messageErrors } from './messages.errors.ts';

/**
 * Where codes count from: after a stored message of the number (by storage time, then id), or
 * after a storage time; undefined: after the newest message stored when the request arrived.
 */
export type After = { messageId: string } | { time: Date };
/** A checked starting point, as the queries below take it. */
export type Start = SQL;

export type Row = {
  id: string;
  code: string;
  content: string;
  sender: string;
  received_at: Date | string;
  created_at: Date | string;
};

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
/** Claim attempts per check: each loses only to another caller's claim of the same code. */
const CLAIM_TRIES = 5;

/** The queries of waits for a code (code-wait.ts). */
export function codeWaitRepository(db: Db) {
  /**
   * The starting point as SQL, checked: `(created_at, id)` after which a code counts, and for a
   * time (given, or the request's) how old its SMS may be, and never a number's first poll: its
   * provider's backlog, stored now but received before (even when the provider gives no time).
   */
  async function startOf(numberId: string, after: After | undefined, asked: Date): Promise<Start> {
    const byId = (id: string) =>
      sql`(m.created_at, m.id) > (select created_at, id from messages
        where id = ${id} and voip_number_id = ${numberId})`;
    const receivedSince = (t: Date) =>
      sql`not m.backlog
        and m.received_at >= ${new Date(t.getTime() - WAIT_CLOCK_SKEW_MS).toISOString()}::timestamptz`;
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

  async function firstCode(numberId: string, start: Start): Promise<Row | undefined> {
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
    start: Start,
    requestKey: string | null,
    at: Date,
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
          select id, ${numberId}, ${requestKey}, ${at.toISOString()} from candidate
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

  return { startOf, firstCode, claimCode, claimedFor };
}
export type CodeWaitRepository = ReturnType<typeof codeWaitRepository>;
