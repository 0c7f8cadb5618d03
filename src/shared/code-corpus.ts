import corpus from './code-corpus.json' with { type: 'json' };
import { extractCode, isVerificationMessage } from './messages.ts';

/*
 * The code corpus (code-corpus.json): invented messages shaped like the ones users receive, in the
 * languages they receive them in, each with the code `extractCode` must read, or null where the text
 * holds none (marketing, deliveries, bank notices with amounts and card digits, dates, phone
 * numbers, 'false' from a provider). Scored by code-corpus.test.ts (every entry must pass) and
 * bench/corpus/run.ts (the table per language). Not imported by the app.
 *
 * The filter: an entry with a code must be kept. For an entry without one the filter is the
 * product rule (docs/product-rules.md): it keeps any text with 'code', 'otp' or 'confirmation' or a
 * standalone 4–6 digit number, so many of them are kept by design; the extractor may not add any
 * (a text is kept beyond the rule only when a code is found, and none is).
 */

export type CorpusEntry = { lang: string; text: string; code: string | null };

export const CORPUS: readonly CorpusEntry[] = corpus;

/** The product rule alone, as docs/product-rules.md words it. */
export function keptByRule(content: string): boolean {
  const text = content.trim();
  if (text === '' || text.includes('false')) return false;
  return /code|otp|confirmation/i.test(text) || /\b\d{4,6}\b/.test(text);
}

export type Mismatch = { entry: CorpusEntry; problem: string };

export type LanguageScore = {
  lang: string;
  total: number;
  /** Entries with a code, and those read right (and kept by the filter). */
  codes: number;
  codesRight: number;
  /** Entries with a code: none read, another number read, dropped by the filter. */
  missed: number;
  wrong: number;
  dropped: number;
  /** Entries without a code, and those where none was read. */
  negatives: number;
  negativesRight: number;
  /** Entries without a code where a number was read as one. */
  falseCodes: number;
  /** Entries without a code that the filter keeps (by the product rule). */
  negativesKept: number;
};

function check(entry: CorpusEntry): { got: string | null; kept: boolean; problems: string[] } {
  const got = extractCode(entry.text);
  const kept = isVerificationMessage(entry.text);
  const problems: string[] = [];
  if (entry.code !== null) {
    if (got === null) problems.push(`missed ${entry.code}`);
    else if (got !== entry.code) problems.push(`read ${got}, not ${entry.code}`);
    if (!kept) problems.push('dropped by the filter');
  } else {
    if (got !== null) problems.push(`read a false code ${got}`);
    if (kept !== keptByRule(entry.text)) problems.push('kept beyond the product rule');
  }
  return { got, kept, problems };
}

/** Runs every entry through `extractCode` and `isVerificationMessage`. */
export function scoreCorpus(entries: readonly CorpusEntry[] = CORPUS): {
  rows: LanguageScore[];
  mismatches: Mismatch[];
} {
  const byLang = new Map<string, LanguageScore>();
  const mismatches: Mismatch[] = [];
  for (const entry of entries) {
    let row = byLang.get(entry.lang);
    if (!row) {
      row = {
        lang: entry.lang,
        total: 0,
        codes: 0,
        codesRight: 0,
        missed: 0,
        wrong: 0,
        dropped: 0,
        negatives: 0,
        negativesRight: 0,
        falseCodes: 0,
        negativesKept: 0,
      };
      byLang.set(entry.lang, row);
    }
    const { got, kept, problems } = check(entry);
    row.total++;
    if (entry.code !== null) {
      row.codes++;
      if (got === null) row.missed++;
      else if (got !== entry.code) row.wrong++;
      if (!kept) row.dropped++;
    } else {
      row.negatives++;
      if (got !== null) row.falseCodes++;
      if (kept) row.negativesKept++;
    }
    if (problems.length === 0) {
      if (entry.code !== null) row.codesRight++;
      else row.negativesRight++;
    }
    for (const problem of problems) mismatches.push({ entry, problem });
  }
  return { rows: [...byLang.values()], mismatches };
}

/** One line per mismatch: language, problem, the text on one line. */
export const formatMismatch = ({ entry, problem }: Mismatch): string =>
  `${entry.lang}: ${problem}: ${JSON.stringify(entry.text)}`;

/** The per-language table (Markdown), with a total row. */
export function formatTable(rows: readonly LanguageScore[]): string {
  const sum = (k: keyof Omit<LanguageScore, 'lang'>) => rows.reduce((n, r) => n + r[k], 0);
  const all: LanguageScore = {
    lang: 'all',
    total: sum('total'),
    codes: sum('codes'),
    codesRight: sum('codesRight'),
    missed: sum('missed'),
    wrong: sum('wrong'),
    dropped: sum('dropped'),
    negatives: sum('negatives'),
    negativesRight: sum('negativesRight'),
    falseCodes: sum('falseCodes'),
    negativesKept: sum('negativesKept'),
  };
  const head = [
    'language',
    'total',
    'with code: right',
    'missed',
    'wrong number',
    'dropped by filter',
    'no code: right',
    'false codes',
    'no code, kept by the rule',
  ];
  const body = [...rows, all].map((r) => [
    r.lang,
    String(r.total),
    `${r.codesRight} / ${r.codes}`,
    String(r.missed),
    String(r.wrong),
    String(r.dropped),
    `${r.negativesRight} / ${r.negatives}`,
    String(r.falseCodes),
    String(r.negativesKept),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(head), rule, ...body.map(line)].join('\n');
}
