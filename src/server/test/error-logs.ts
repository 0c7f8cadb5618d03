/**
 * Server error logs as test failures. Every app made by `createTestApp` registers its log text
 * here; after each test (`setup.ts`) the lines logged since the last check at level ≥ 50 (pino's
 * error and fatal) fail the test unless it allowed them with `t.allowErrorLogs(/pattern/)`.
 * Allowances last until the end of the current test (or, made in `beforeAll`, of the first one).
 * Kept apart from `app.ts` so the setup file does not load the whole server.
 */
type Watched = {
  logs: () => string;
  checkedUpTo: number;
  allowed: RegExp[];
  closed: boolean;
};

const watched = new Set<Watched>();

export function watchErrorLogs(logs: () => string) {
  const w: Watched = { logs, checkedUpTo: 0, allowed: [], closed: false };
  watched.add(w);
  return {
    allow: (...patterns: RegExp[]) => void w.allowed.push(...patterns),
    /** A closed app is checked once more (what it logged while closing), then forgotten. */
    closed: () => void (w.closed = true),
  };
}

/** The unexpected error lines logged since the last call; resets the allowances. */
export function takeUnexpectedErrorLogs(): string[] {
  const found: string[] = [];
  for (const w of watched) {
    const text = w.logs();
    const fresh = text.slice(w.checkedUpTo);
    w.checkedUpTo = text.length;
    for (const line of fresh.split('\n')) {
      const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
      if (level >= 50 && !w.allowed.some((p) => p.test(line))) found.push(line);
    }
    w.allowed = [];
    if (w.closed) watched.delete(w);
  }
  return found;
}
