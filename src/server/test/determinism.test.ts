import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths.ts';

/*
 * Tests wait on conditions, never on the wall clock: a fixed pause followed by an assertion is a
 * race on a loaded machine (the thing asserted may not have happened yet, or a thing that must not
 * happen may not have had its chance). This guard finds that shape in every test file: an awaited
 * pause (`sleep(…)`, a `setTimeout` promise, `page.waitForTimeout(…)`) whose next statement is an
 * `expect`. Wait for the condition instead (`vi.waitFor`, `expect.poll`, a locator's `waitFor`),
 * step a manual clock (`src/server/test/clock.ts`), or wait for a later event that would come
 * after the one that must not happen.
 */

const PAUSE =
  /^\s*await (?:sleep\(|new Promise\(\s*\(?\w*\)?\s*=>\s*setTimeout\(|page\.waitForTimeout\()/;
const ASSERTION = /^\s*(?:await )?expect\b/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.(test|e2e)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** `file:line` of each pause whose next statement asserts. */
export function pausesThenAssertions(source: string, file = 'source'): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (!PAUSE.test(line)) return;
    const next = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.trim().startsWith('//'));
    if (next !== undefined && ASSERTION.test(next)) found.push(`${file}:${i + 1}`);
  });
  return found;
}

describe('test determinism guard', () => {
  it('finds a pause followed by an assertion, and nothing else', () => {
    const bad = [
      'await sleep(100);\nexpect(x).toBe(1);',
      'await new Promise((r) => setTimeout(r, 50));\n  // comment\n  expect(y).toBe(2);',
      'await page.waitForTimeout(1_000);\nawait expect.poll(() => n).toBe(0);',
    ];
    for (const src of bad) expect(pausesThenAssertions(src)).toEqual(['source:1']);
    const good = [
      'await vi.waitFor(() => expect(x).toBe(1));\nexpect(y).toBe(2);',
      'await sleep(50);\nattempts++;',
      'clock.advance(300);\nexpect(x).toBe(1);',
    ];
    for (const src of good) expect(pausesThenAssertions(src)).toEqual([]);
  });

  it('no test file asserts right after a fixed pause', () => {
    const files = [
      ...testFiles(path.join(projectRoot, 'src')),
      ...testFiles(path.join(projectRoot, 'tests')),
    ];
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) =>
      pausesThenAssertions(fs.readFileSync(f, 'utf8'), path.relative(projectRoot, f)),
    );
    expect(found).toEqual([]);
  });
});
