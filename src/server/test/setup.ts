import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { takeUnexpectedBrowserErrors } from './browser-errors.ts';
import { takeUnexpectedErrorLogs } from './error-logs.ts';

/** A test fails on any console.error it did not expect (tests that expect one mock it themselves). */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  const seen = errors;
  vi.mocked(console.error).mockRestore();
  expect(seen, 'unexpected console.error').toEqual([]);
});

/**
 * A test fails when an app from `createTestApp` logged an error (level ≥ 50) it did not allow with
 * `t.allowErrorLogs(/pattern/)`, or when the e2e harness's browser saw an error it did not allow
 * (`browser-errors.ts`); what arrives after the last test (apps and browsers closing) fails the file.
 */
const flushLogs = () => new Promise((resolve) => setImmediate(resolve));
const takeUnexpected = () => ({
  serverErrorLogs: takeUnexpectedErrorLogs(),
  browserErrors: takeUnexpectedBrowserErrors(),
});
const none = { serverErrorLogs: [], browserErrors: [] };
afterEach(async () => {
  await flushLogs();
  expect(takeUnexpected(), 'unexpected errors').toEqual(none);
});
afterAll(async () => {
  await flushLogs();
  expect(takeUnexpected(), 'unexpected errors after the last test').toEqual(none);
});
