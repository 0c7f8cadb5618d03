/**
 * Browser errors as test failures, the e2e counterpart of `error-logs.ts`. The e2e harness records
 * what its Chromium context sees; after each test (`setup.ts`) these fail the test:
 * - an uncaught page error;
 * - a console error, unless allowed with `allowConsoleErrors(/pattern/)`;
 * - a response with a status of 400 or more (documents, scripts, fetch/XHR and event streams),
 *   unless allowed with `allowHttp(status, /url/)`. Chromium also logs such a response as the
 *   console error "Failed to load resource: the server responded with a status of N"; the same
 *   allowance covers that line.
 * Allowances last until the end of the current test (or, made in `beforeAll`, of the first one).
 * Kept free of Playwright so the unit tests can feed it synthetic events.
 */
export type BrowserEvent =
  | { kind: 'pageerror'; message: string }
  | { kind: 'console'; text: string; url: string }
  | { kind: 'response'; status: number; method: string; url: string };

type Watched = {
  events: BrowserEvent[];
  http: { status: number; url: RegExp }[];
  console: RegExp[];
  closed: boolean;
};

const watched = new Set<Watched>();

export function watchBrowserErrors() {
  const w: Watched = { events: [], http: [], console: [], closed: false };
  watched.add(w);
  return {
    /** Records a page error, a console message of type error, or a response. */
    record: (event: BrowserEvent) => void w.events.push(event),
    allowHttp: (status: number, url: RegExp) => void w.http.push({ status, url }),
    allowConsoleErrors: (...patterns: RegExp[]) => void w.console.push(...patterns),
    /** A closed context is checked once more (what arrived while closing), then forgotten. */
    closed: () => void (w.closed = true),
  };
}

const resourceFailure = /^Failed to load resource: the server responded with a status of (\d+)/;

function unexpected(w: Watched, e: BrowserEvent): string | undefined {
  const httpAllowed = (status: number, url: string) =>
    w.http.some((a) => a.status === status && a.url.test(url));
  switch (e.kind) {
    case 'pageerror':
      return `page error: ${e.message}`;
    case 'response':
      if (e.status < 400 || httpAllowed(e.status, e.url)) return undefined;
      return `HTTP ${e.status}: ${e.method} ${e.url}`;
    case 'console': {
      const status = resourceFailure.exec(e.text)?.[1];
      if (status && httpAllowed(Number(status), e.url)) return undefined;
      if (w.console.some((p) => p.test(e.text))) return undefined;
      return `console error: ${e.text}${e.url ? ` (${e.url})` : ''}`;
    }
  }
}

/** The unexpected browser errors seen since the last call; resets the allowances. */
export function takeUnexpectedBrowserErrors(): string[] {
  const found: string[] = [];
  for (const w of watched) {
    for (const e of w.events.splice(0)) {
      const problem = unexpected(w, e);
      if (problem) found.push(problem);
    }
    w.http = [];
    w.console = [];
    if (w.closed) watched.delete(w);
  }
  return found;
}
