import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
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
 * `t.allowErrorLogs(/pattern/)`; what apps log while closing after the last test fails the file.
 */
const flushLogs = () => new Promise((resolve) => setImmediate(resolve));
afterEach(async () => {
  await flushLogs();
  expect(takeUnexpectedErrorLogs(), 'unexpected server error logs').toEqual([]);
});
afterAll(async () => {
  await flushLogs();
  expect(takeUnexpectedErrorLogs(), 'unexpected server error logs after the last test').toEqual([]);
});
