import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderReply, RenderRequest } from './markdown.worker.ts';

/** A render that took this long is abandoned: its worker is stopped and a new one started. */
export const RENDER_TIMEOUT_MS = 20_000;

export class RenderTimeoutError extends Error {
  constructor() {
    super('Markdown rendering timed out');
  }
}

/**
 * Renders blog Markdown (`renderMarkdown`) in a worker thread, so a 250 KB post (up to about a
 * second for the worst shapes, bench/markdown) never pauses the thread that answers every other
 * request, nor the embedded database, which runs on it. One worker, started on first use and kept;
 * renders queue in it. A render past `timeoutMs` stops the worker and fails every render waiting
 * in it (RenderTimeoutError); a worker that dies fails them too; the next render starts a new one.
 * Run from the TypeScript sources (tests, `npm run dev`), the worker loads them through tsx
 * (`markdown.worker-tsx.mjs`).
 */
export function createMarkdownRenderer(opts: { readonly timeoutMs?: number } = {}) {
  const pending = new Map<
    number,
    { resolve: (html: string) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }
  >();
  let worker: Worker | undefined;
  let nextId = 0;
  let closed = false;

  function failAll(err: Error) {
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    pending.clear();
  }

  /** Stops `w` if it is still the current worker (a late event of an old one changes nothing). */
  function stop(w: Worker, err: Error) {
    if (worker !== w) return;
    worker = undefined;
    failAll(err);
    void w.terminate();
  }

  function start(): Worker {
    const ts = path.extname(fileURLToPath(import.meta.url)) === '.ts';
    const w = new Worker(
      new URL(ts ? './markdown.worker-tsx.mjs' : './markdown.worker.js', import.meta.url),
    );
    w.unref();
    w.on('message', (m: RenderReply) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if ('html' in m) p.resolve(m.html);
      else p.reject(new Error(m.error));
    });
    w.on('error', (err) => stop(w, err));
    w.on('exit', () => stop(w, new Error('the Markdown worker stopped')));
    return w;
  }

  return {
    render(source: string, siteOrigin?: string): Promise<string> {
      if (closed) return Promise.reject(new Error('the Markdown renderer is closed'));
      const w = (worker ??= start());
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => stop(w, new RenderTimeoutError()),
          opts.timeoutMs ?? RENDER_TIMEOUT_MS,
        );
        timer.unref();
        pending.set(id, { resolve, reject, timer });
        w.postMessage({ id, source, siteOrigin } satisfies RenderRequest);
      });
    },
    /** Renders in flight fail; the worker stops. */
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      failAll(new Error('the Markdown renderer is closed'));
      await w?.terminate();
    },
  };
}
export type MarkdownRenderer = ReturnType<typeof createMarkdownRenderer>;
