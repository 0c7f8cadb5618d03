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
  return { raw, signal: gone.signal };
}
