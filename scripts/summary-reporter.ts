import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, "Tests: N passed, N failed, N skipped", which CI reads
 * regardless of the runner's own banner.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
