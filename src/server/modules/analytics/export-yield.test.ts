import { describe, expect, it } from 'vitest';
import type { NewsletterRepository } from '../newsletter/newsletter.repository.ts';
import { EXPORT_BATCH, newsletterService } from '../newsletter/newsletter.service.ts';
import type { AnalyticsRepository, StoredEvent } from './analytics.repository.ts';
import { analyticsService, EXPORT_PAGE } from './analytics.service.ts';

/**
 * The CSV exports read page after page. The embedded database answers on the main thread through
 * promises only, so a loop of page reads for a fast client (or a HEAD request, whose writes never
 * wait) would never let the event loop serve another request: each next page waits a turn.
 */

const at = new Date('2030-01-01T00:00:00.000Z');
const event = (i: number): StoredEvent => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  type: 'page_view',
  userId: null,
  sessionId: null,
  pageUrl: `/p${i}`,
  referrer: null,
  userAgent: null,
  data: {},
  createdAt: new Date(at.getTime() - i),
});

/** Whether a macrotask (setImmediate, as I/O callbacks) ran while `work` ran. */
async function letsOthersRun(work: () => Promise<unknown>): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  await work();
  return ran;
}

describe('exports yield to the event loop between pages', () => {
  it('analytics: the next page is read only after other work had a turn', async () => {
    let reads = 0;
    const repo = {
      // Answers with promises only, as PGlite does.
      page: async () => Array.from({ length: EXPORT_PAGE }, (_, i) => event(reads++ * 10_000 + i)),
    } as unknown as AnalyticsRepository;
    const pages = analyticsService({ repo, now: () => at }).exportRows({ range: '1d' });
    await pages.next();
    expect(await letsOthersRun(() => pages.next())).toBe(true);
    await pages.return(undefined);
  });

  it('newsletter: the next batch is read only after other work had a turn', async () => {
    const repo = {
      batch: async () =>
        Array.from({ length: EXPORT_BATCH }, (_, i) => ({
          id: event(i).id,
          email: `s${i}@example.com`,
          createdAt: at,
        })),
    } as unknown as NewsletterRepository;
    const service = newsletterService({ repo, blogEnabled: async () => true, now: () => at });
    const lines = (await service.exportCsv())[Symbol.asyncIterator]();
    await lines.next(); // header
    await lines.next(); // first batch
    expect(await letsOthersRun(() => lines.next())).toBe(true);
    await lines.return?.(undefined);
  });
});
