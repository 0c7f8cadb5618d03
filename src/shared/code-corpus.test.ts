import { describe, expect, it } from 'vitest';
import { CORPUS, formatMismatch, formatTable, scoreCorpus } from './code-corpus.ts';

describe('code corpus', () => {
  it('reads every code, keeps every message with one, and reads no false code', () => {
    const { rows, mismatches } = scoreCorpus();
    // On failure: the per-language table, then one line per mismatch.
    expect(mismatches.map(formatMismatch), `\n${formatTable(rows)}\n`).toEqual([]);
  });

  it('holds at least 300 messages in the languages users receive codes in', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(300);
    const langs = new Set(CORPUS.map((e) => e.lang));
    for (const lang of ['en', 'zh', 'ru', 'es', 'pt']) expect(langs).toContain(lang);
  });

  it('has messages without a code in every language, at least a quarter of each', () => {
    for (const { lang, total, negatives } of scoreCorpus().rows)
      expect(negatives / total, lang).toBeGreaterThanOrEqual(0.25);
  });

  it('states codes as the digits the user types, each text once', () => {
    for (const { code } of CORPUS) if (code !== null) expect(code).toMatch(/^\d{4,8}$/);
    expect(new Set(CORPUS.map((e) => e.text)).size).toBe(CORPUS.length);
  });
});
