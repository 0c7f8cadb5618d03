import fs from 'node:fs';
import path from 'node:path';

/*
 * Which catalogue keys a script can show (build time, ADR 0020): the keys written in the modules
 * it loads. Keys are always written out whole, in quotes (catalog.test.ts holds every key to
 * that), so reading the module graph's text finds them all. A React island loads only these, not
 * whole namespaces, which keeps the public pages' scripts small.
 */

/** Relative imports a module loads (static, re-exports, dynamic); `import type` loads nothing. */
const IMPORT =
  /\b(?:import|export)\s+(?!type\b)[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const QUOTED = /['"]([a-z]+(?:\.[A-Za-z0-9_]+)+)['"]/g;

/** The modules `entry` loads, itself included: TypeScript and JavaScript files under our tree. */
export function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const m of source.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1] ?? m[2] ?? m[3]!);
      if (/\.(tsx?|jsx?|mjs)$/.test(target) && fs.existsSync(target)) visit(target);
    }
  };
  visit(path.resolve(entry));
  return [...seen];
}

/** The keys of `known` written in `files`. */
export function keysIn(files: readonly string[], known: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    for (const [, key] of fs.readFileSync(file, 'utf8').matchAll(QUOTED))
      if (known.has(key!)) used.add(key!);
  }
  return used;
}
