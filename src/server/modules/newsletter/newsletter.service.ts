import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type {
  SubscriberDto,
  subscriberListQuery,
  subscriberListResponse,
} from '../../../shared/newsletter.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { newsletterErrors } from './newsletter.errors.ts';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository.ts';

/** Rows read per statement while exporting. */
export const EXPORT_BATCH = 1000;
export const SUBSCRIBERS_CSV_COLUMNS = ['Email', 'Subscribed At'] as const;

/** CSV lines as the other exports write them (csv-stringify; formula-like cells get a leading `'`). */
const csvLine = (cells: readonly string[]) =>
  stringify([cells], { escape_formulas: true, record_delimiter: 'windows' });

const dto = (r: SubscriberRow): SubscriberDto => ({
  id: r.id,
  email: r.email,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The newsletter: subscribing (the blog's 'Stay Updated' box; 404 while the blog is off) and the
 * admin list and CSV export.
 */
export function newsletterService(deps: {
  repo: NewsletterRepository;
  blogEnabled: () => Promise<boolean>;
  now: () => Date;
}) {
  return {
    /** Stores the (already lower-cased) email once; `created` is false when it was there. */
    async subscribe(email: string): Promise<{ created: boolean }> {
      if (!(await deps.blogEnabled())) throw newsletterErrors.blogDisabled();
      return { created: await deps.repo.subscribe(email, deps.now()) };
    },

    async list(
      q: z.output<typeof subscriberListQuery>,
    ): Promise<z.input<typeof subscriberListResponse>> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
      const { items, total } = await deps.repo.list(q.q || undefined, cursor, q.limit);
      const page = items.slice(0, q.limit);
      const last = page.at(-1);
      return {
        total,
        items: page.map(dto),
        nextCursor:
          items.length > q.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      };
    },

    /**
     * Every subscriber as CSV lines (header first, newest first), read in keyset batches so the
     * whole table is never in memory. The first batch is read before this resolves, so a
     * database failure is still an ordinary error answer rather than a cut-off download.
     */
    async exportCsv(): Promise<AsyncIterable<string>> {
      const first = await deps.repo.batch(undefined, EXPORT_BATCH);
      const repo = deps.repo;
      return (async function* () {
        yield csvLine(SUBSCRIBERS_CSV_COLUMNS);
        let rows = first;
        while (rows.length > 0) {
          yield rows.map((r) => csvLine([r.email, r.createdAt.toISOString()])).join('');
          if (rows.length < EXPORT_BATCH) return;
          const last = rows.at(-1)!;
          // A turn of the event loop between batches: the embedded database answers through
          // promises only, so a fast client would otherwise starve every other request.
          await new Promise<void>((resolve) => setImmediate(resolve));
          rows = await repo.batch({ at: last.createdAt, id: last.id }, EXPORT_BATCH);
        }
      })();
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
