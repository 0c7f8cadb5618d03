import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Sends `payloads` on `channel` with NOTIFY: one statement for the lot, delivered in order. */
export async function notifyAll(db: Db, channel: string, payloads: string[]) {
  await db.execute(sql`select pg_notify(${channel}, p.payload)
    from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb)
      with ordinality as p(payload, n)
    order by p.n`);
}
