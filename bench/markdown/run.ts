/**
 * bench/markdown: how long the blog's renderer (`renderMarkdown`: markdown-it, then sanitize-html)
 * takes on hostile Markdown, against ordinary prose of the same size rendered in the same run.
 *
 *   npx tsx bench/markdown/run.ts
 *
 * Shapes known to make Markdown parsers quadratic (unmatched emphasis delimiters, `*]`, list
 * markers with emphasis, unclosed links and brackets, deep quotes) and the bare-link shapes the
 * linkifier scans for (`www.`, `//`, emails) at 50, 100 and 250 KB (the post
 * limit is 250,000 characters), each rendered BENCH_RUNS (3) times, the median kept. Prints the
 * milliseconds, the ratio to prose of the same size, and the growth from 100 to 250 KB (2.5 is
 * linear; 6.25 quadratic). The renderer runs on the request thread at write and preview time, so
 * this is how long one request can hold it. Times are reported, never asserted; a hard deadline
 * ends the process.
 */
import os from 'node:os';
import { renderMarkdown } from '../../src/server/modules/blog/markdown.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZES = [50_000, 100_000, 250_000];
const deadline = setTimeout(() => {
  console.error('bench/markdown: hard deadline (300 s) passed; exiting');
  process.exit(1);
}, 300_000);
deadline.unref();

const prose =
  '## Section\n\nLorem ipsum dolor sit amet, **consectetur** adipiscing elit, [a link](https://example.com/x) and `code`.\n\n- one\n- two\n\n> a quote\n\n';
const shapes: Record<string, string> = {
  'prose (baseline)': prose,
  'unmatched emphasis `*a _b **c ~~d `': '*a _b **c ~~d ',
  'list markers `- *`': '- *',
  'list markers `+ _`': '+ _',
  'openers `*x *x `': '*x *x ',
  'emphasis and brackets `*]`': '*]',
  'unclosed links `[a](b`': '[a](b',
  'brackets `[ (](`': '[ (](',
  'angle pairs `<>`': '<>',
  'bare links `www.a.co `': 'www.a.co ',
  'bare prefixes `www.`': 'www.',
  'protocol-relative `//a.co `': '//a.co ',
  'bare emails `a@b.co `': 'a@b.co ',
  'deep quotes `>`': '>',
};

const fill = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
function median(unit: string, size: number): number {
  const src = fill(unit, size);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    renderMarkdown(src, 'https://voip.example');
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

median(prose, 50_000); // warm up the code paths
const base = Object.fromEntries(SIZES.map((s) => [s, median(prose, s)]));
const rows: Record<string, Record<string, string | number>> = {};
for (const [name, unit] of Object.entries(shapes)) {
  const ms = SIZES.map((s) => (unit === prose ? base[s]! : median(unit, s)));
  rows[name] = {
    ...Object.fromEntries(SIZES.map((s, i) => [`${s / 1000} KB ms`, Math.round(ms[i]!)])),
    '250 KB / prose': Number((ms[2]! / base[250_000]!).toFixed(1)),
    'growth 100→250 KB': Number((ms[2]! / ms[1]!).toFixed(1)),
  };
}
console.log(
  `\nbench/markdown — renderMarkdown (markdown-it + sanitize-html), ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; median of ${RUNS}`,
);
console.table(rows);
const worst = Object.entries(rows).sort(
  (a, b) => Number(b[1]['250 KB ms']) - Number(a[1]['250 KB ms']),
)[0]!;
console.log(`slowest at 250 KB: ${worst[1]['250 KB ms']} ms (${worst[0]})`);
