import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.ts';

/**
 * The blog renderer's worker thread (`markdown-renderer.ts` starts it): renders each post it is
 * sent, one after the other, so a long post never holds the thread that answers requests.
 */
export type RenderRequest = { id: number; source: string; siteOrigin?: string | undefined };
export type RenderReply = { id: number; html: string } | { id: number; error: string };

parentPort?.on('message', (m: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { id: m.id, html: renderMarkdown(m.source, m.siteOrigin) };
  } catch (err) {
    reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
