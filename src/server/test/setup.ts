import { afterEach, beforeEach, expect, vi } from 'vitest';

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
