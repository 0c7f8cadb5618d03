import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes over the raw response for a streamed body (NDJSON or SSE). Returns the response and a
 * signal that aborts when the client goes away, so the work behind the stream can stop.
 */
export function openStream(
  reply: FastifyReply,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': contentType,
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  const gone = new AbortController();
  raw.on('close', () => gone.abort());
  // The client may have left while the first rows were read: its 'close' has come and gone.
  if (raw.destroyed) gone.abort();
  return { raw, signal: gone.signal };
}

/**
 * Writes `chunk` and resolves once the response takes more (at once, or on 'drain'), or once the
 * client has gone ('close'; at once when it has already gone, since a destroyed response's write
 * returns false and neither event comes again).
 */
export function writeChunk(raw: ServerResponse, chunk: string): Promise<void> {
  return new Promise<void>((resolve) => {
    if (raw.destroyed || raw.write(chunk) || raw.destroyed) return resolve();
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.once('drain', done);
    raw.once('close', done);
  });
}

/** The headers of a CSV download named `filename` (never stored by a browser or proxy). */
export const csvDownloadHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
});

/**
 * Answers a HEAD request for a streamed download with its headers only, without producing the
 * body (Fastify's HEAD route would run the whole export to throw it away) and without a
 * `content-length: 0` the GET answer does not have.
 */
export function answerHead(reply: FastifyReply, headers: Record<string, string>) {
  reply.hijack();
  reply.raw.writeHead(200, headers);
  reply.raw.end();
}
