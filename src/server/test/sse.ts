import http from 'node:http';

/** What a test's SSE client saw: events, comment lines (heartbeats), the status and headers. */
export type SseClient = {
  events: { id?: string; event?: string; data?: string }[];
  comments: number;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received, as text. */
  raw: () => string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** A minimal Server-Sent Events client over node:http (127.0.0.1 only) that records what it gets. */
export function sseConnect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let text = '';
      let buf = '';
      let ended!: () => void;
      const sse: SseClient = {
        events: [],
        comments: 0,
        status: res.statusCode ?? 0,
        headers: res.headers,
        raw: () => text,
        ended: new Promise<void>((r) => (ended = r)),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const e: SseClient['events'][number] = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) sse.comments++;
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) e.data = line.slice(6);
          }
          if (e.event) sse.events.push(e);
        }
      });
      res.on('end', () => ended());
      res.on('close', () => ended());
      res.on('error', () => {});
      resolve(sse);
    });
    req.on('error', reject);
  });
}

/** Waits until `check` holds (polling every 20 ms), failing after `ms` (a loaded machine is slow). */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
