import type { FastifyBaseLogger } from 'fastify';
import { safeErr } from '../log.ts';
import { watchErrorLogs } from './error-logs.ts';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;

export type TestLogger = {
  /** Pass this wherever code takes a logger (pollers, jobs, services built by hand in tests). */
  log: FastifyBaseLogger;
  /** The messages logged at `level` so far, oldest first. */
  messages: (level: Level) => string[];
  /** Everything logged, as pino-style JSON lines. */
  logs: () => string;
  /** Lets the current test log errors matching a pattern (see `error-logs.ts`). */
  allowErrorLogs: (...patterns: RegExp[]) => void;
};

/**
 * A logger for code a test builds by hand: it records every line as the app's logger would (JSON,
 * pino's numeric levels, `err` through the app's serializer) and feeds them to the error-log gate,
 * so an error (level ≥ 50) the test did not allow fails it, as for an app from `createTestApp`.
 */
export function testLogger(): TestLogger {
  let text = '';
  const gate = watchErrorLogs(() => text);
  const make = (bindings: object): FastifyBaseLogger => {
    const write =
      (level: number) =>
      (objOrMsg?: unknown, msg?: string): void => {
        const fields =
          objOrMsg !== null && typeof objOrMsg === 'object'
            ? (objOrMsg as Record<string, unknown>)
            : {};
        const message = typeof objOrMsg === 'string' ? objOrMsg : msg;
        const { err, ...rest } = fields;
        const line = { level, ...bindings, ...rest, ...(err ? { err: safeErr(err) } : {}) };
        text += JSON.stringify({ ...line, msg: message }) + '\n';
      };
    return {
      level: 'trace',
      trace: write(LEVELS.trace),
      debug: write(LEVELS.debug),
      info: write(LEVELS.info),
      warn: write(LEVELS.warn),
      error: write(LEVELS.error),
      fatal: write(LEVELS.fatal),
      silent: () => {},
      child: (more: object) => make({ ...bindings, ...more }),
    } as FastifyBaseLogger;
  };
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg?: string });
  return {
    log: make({}),
    messages: (level) =>
      lines()
        .filter((l) => l.level === LEVELS[level])
        .map((l) => l.msg ?? ''),
    logs: () => text,
    allowErrorLogs: gate.allow,
  };
}
