import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALE_TAGS, LOCALES, type Locale } from './locales.ts';
import { NAMESPACES } from './namespaces.ts';

/*
 * The catalogue's guards (issue 25): every language has every key and no other, each translation
 * takes the same placeholders and elements as the English, plural messages name every form the
 * language has (Russian: one, few, many), and no key is left that no code uses.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const catalogDir = path.join(import.meta.dirname, 'catalog');
const read = (locale: Locale, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(catalogDir, locale, `${ns}.json`), 'utf8')) as Record<
    string,
    string
  >;

type Token = string | [string, string?, (Record<string, Token[] | undefined> | string)?];

/** The argument names, element tags and plural forms a compiled message uses. */
function shape(text: string) {
  const args = new Set<string>();
  const tags = new Set<string>();
  const plurals: { arg: string; forms: string[] }[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        for (const m of token.matchAll(/<\/?(\w+)\/?>/g)) tags.add(m[1]!);
        continue;
      }
      const [arg, kind, format] = token;
      args.add(arg);
      // A plural's or select's branches (a plural's also hold its `offset`); a number's style is a string.
      const branches = Object.entries(typeof format === 'object' ? format : {}).filter(
        (entry): entry is [string, Token[]] => entry[0] !== 'offset' && Array.isArray(entry[1]),
      );
      if (kind === 'plural') plurals.push({ arg, forms: branches.map(([form]) => form) });
      for (const [, branch] of branches) walk(branch);
    }
  };
  const compiled = compileMessage(text) as Token[];
  walk(Array.isArray(compiled) ? compiled : [compiled]);
  return { args: [...args].sort(), tags: [...tags].sort(), plurals };
}

const english = Object.fromEntries(NAMESPACES.map((ns) => [ns, read('en', ns)]));

describe('the catalogue', () => {
  it('has one file per language and namespace, and nothing else', () => {
    for (const locale of LOCALES) {
      const files = fs.readdirSync(path.join(catalogDir, locale)).sort();
      expect(files, locale).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  it('names each key after its namespace', () => {
    for (const ns of NAMESPACES) {
      const strays = Object.keys(english[ns]!).filter((k) => !k.startsWith(`${ns}.`));
      expect(strays, ns).toEqual([]);
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every key and no other', (locale) => {
    for (const ns of NAMESPACES) {
      const keys = Object.keys(read(locale, ns));
      const en = Object.keys(english[ns]!);
      expect(
        en.filter((k) => !keys.includes(k)),
        `missing in ${locale}/${ns}`,
      ).toEqual([]);
      expect(
        keys.filter((k) => !en.includes(k)),
        `not in en/${ns}`,
      ).toEqual([]);
    }
  });

  it.each(LOCALES)('%s: every message compiles, with the placeholders of the English', (locale) => {
    const wrong: string[] = [];
    for (const ns of NAMESPACES) {
      const messages = read(locale, ns);
      for (const [key, text] of Object.entries(messages)) {
        if (text.trim() === '') wrong.push(`${key}: empty`);
        const source = english[ns]![key];
        if (source === undefined) continue;
        const a = shape(text);
        const b = shape(source);
        if (a.args.join() !== b.args.join())
          wrong.push(
            `${key}: placeholders {${a.args.join(', ')}} ≠ English {${b.args.join(', ')}}`,
          );
        if (a.tags.join() !== b.tags.join())
          wrong.push(`${key}: elements <${a.tags.join(', ')}> ≠ English <${b.tags.join(', ')}>`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)('%s: elements are <0/> or <0>text</0>, never one inside another', (locale) => {
    // What <T> (lib/i18n.tsx) puts components in: a numbered element, alone or around plain text.
    const wrong: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(read(locale, ns))) {
        const bare = text.replace(/<(\d+)>([^<]*)<\/\1>|<\d+\/>/g, '');
        if (/<\/?\d+\/?>/.test(bare)) wrong.push(key);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)('%s: plural messages name every form the language has', (locale) => {
    const needed = new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories;
    const wrong: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of Object.entries(read(locale, ns))) {
        for (const { arg, forms } of shape(text).plurals) {
          const missing = needed.filter((f) => !forms.includes(f));
          if (missing.length) wrong.push(`${key} {${arg}}: no ${missing.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no key that no code uses (keys are written out whole, never built)', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (full !== catalogDir) walk(full);
        } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name)) {
          sources.push(fs.readFileSync(full, 'utf8'));
        }
      }
    };
    walk(path.join(root, 'src'));
    walk(path.join(root, 'scripts'));
    const code = sources.join('\n');
    const unused = NAMESPACES.flatMap((ns) => Object.keys(english[ns]!)).filter(
      (key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`),
    );
    expect(unused).toEqual([]);
  });
});
