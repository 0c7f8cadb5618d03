/**
 * bench/corpus: the code corpus (src/shared/code-corpus.json) through the real `extractCode` and
 * `isVerificationMessage`, as a table per language, then their cost.
 *
 *   npx tsx bench/corpus/run.ts
 *
 * Table: entries; those with a code read right (and kept by the filter) out of all with one,
 * missed (nothing read), wrong number read, dropped by the filter; those without a code where none
 * was read, false codes, and how many of them the filter keeps anyway by the product rule (any
 * 'code'/'otp'/'confirmation' or standalone 4–6 digit number: by design, see code-corpus.ts).
 * Every mismatch is listed and makes the run fail (exit 1).
 *
 * Cost: microseconds per message over the whole corpus (both functions, as the poller calls them),
 * then hostile texts (many candidates, many code words, brackets, card markers) at 1,000, 2,000 and
 * 4,000 characters (MAX_SCAN; longer texts are cut there): the growth from 1,000 to 4,000 is 4 when
 * linear, 16 when quadratic. Each figure is the best of BENCH_RUNS (10) passes (the machine is
 * shared; the best pass is the least disturbed). About 10 s.
 */
import { CORPUS, formatMismatch, formatTable, scoreCorpus } from '../../src/shared/code-corpus.ts';
import { extractCode, isVerificationMessage } from '../../src/shared/messages.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const deadline = setTimeout(() => {
  console.error('bench/corpus: hard deadline (120 s) passed; exiting');
  process.exit(1);
}, 120_000);
deadline.unref();

const { rows, mismatches } = scoreCorpus();
const codes = CORPUS.filter((e) => e.code !== null).length;
console.log(
  `Code corpus: ${CORPUS.length} messages, ${codes} with a code, ${CORPUS.length - codes} without\n`,
);
console.log(formatTable(rows));
if (mismatches.length > 0) {
  console.log(`\n${mismatches.length} mismatches:`);
  for (const m of mismatches) console.log(`  ${formatMismatch(m)}`);
}

/** Milliseconds for `reps` passes over `texts`, best of RUNS. */
function time(texts: readonly string[], reps: number): number {
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    for (let i = 0; i < reps; i++)
      for (const text of texts) {
        if (isVerificationMessage(text)) sink++;
        if (extractCode(text) !== null) sink++;
      }
    best = Math.min(best, performance.now() - t);
  }
  if (sink < 0) console.log(sink);
  return best;
}

const texts = CORPUS.map((e) => e.text);
time(texts, 20); // warm up
const reps = 20;
const perMessage = (time(texts, reps) * 1000) / (reps * texts.length);
console.log(`\nCost per message (filter + extraction), corpus: ${perMessage.toFixed(1)} µs`);

const hostile: Record<string, string> = {
  'code words and codes `code 4821 `': 'code 4821 ',
  'split groups `123 456 `': '123 456 ',
  'card markers `card ending *4821 `': 'card ending *4821 ',
  'amounts `1500 руб. R$ 45,90 `': '1500 руб. R$ 45,90 ',
  'brackets `【12306】验证码`': '【12306】验证码',
  'digits and dashes `1-2-3-4-`': '1-2-3-4-',
  'prefixes `G-482193 `': 'G-482193 ',
  'Chinese `验证码4821，`': '验证码4821，',
};
const fill = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
console.log('\n| hostile text (µs per text) | 1,000 | 2,000 | 4,000 | growth 1,000→4,000 |');
console.log('| -------------------------- | ----: | ----: | ----: | -----------------: |');
for (const [name, unit] of Object.entries(hostile)) {
  const us = [1000, 2000, 4000].map((size) => {
    const text = [fill(unit, size)];
    time(text, 5);
    return (time(text, 10) * 1000) / 10;
  });
  console.log(
    `| ${name} | ${us.map((u) => Math.round(u).toLocaleString('en-US')).join(' | ')} | ${(us[2]! / us[0]!).toFixed(1)} |`,
  );
}

clearTimeout(deadline);
if (mismatches.length > 0) process.exit(1);
