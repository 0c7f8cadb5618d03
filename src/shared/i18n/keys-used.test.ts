import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { keysIn, moduleGraph } from './keys-used.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-used-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

describe('moduleGraph', () => {
  it('follows static, re-exported, side-effect and dynamic imports, not type-only ones', () => {
    const entry = write(
      'entry.tsx',
      [
        "import { a } from './a.ts';",
        "import type { B } from './types/b.ts';",
        "import {\n  type C,\n  c,\n} from './sub/c.tsx';",
        "export * from './d.ts';",
        "export type { E } from './e.ts';",
        "import './f.ts';",
        "const g = () => import('./g.ts');",
        "import React from 'react';",
        "import json from './data.json';",
      ].join('\n'),
    );
    for (const f of ['a.ts', 'types/b.ts', 'd.ts', 'e.ts', 'f.ts', 'g.ts', 'data.json'])
      write(f, '');
    write('sub/c.tsx', "import { h } from '../h.ts';");
    write('h.ts', "import { a } from './a.ts';");
    const names = moduleGraph(entry).map((f) => path.relative(dir, f));
    expect(names.sort()).toEqual(
      ['a.ts', 'd.ts', 'entry.tsx', 'f.ts', 'g.ts', 'h.ts', 'sub/c.tsx'].sort(),
    );
  });
});

describe('keysIn', () => {
  it('finds the known keys written in quotes, whichever quotes, and nothing else', () => {
    const file = write(
      'keys.tsx',
      [
        "t('public.signIn.title');",
        'const k = "validation.email.required";',
        "t('public.unknown.key'); // not in the catalogue",
        '// public.signIn.resend, written outside quotes',
        'const url = `admin.blog.write`;',
      ].join('\n'),
    );
    const known = new Set([
      'public.signIn.title',
      'validation.email.required',
      'public.signIn.resend',
      'admin.blog.write',
    ]);
    expect([...keysIn([file], known)].sort()).toEqual([
      'public.signIn.title',
      'validation.email.required',
    ]);
  });

  it('gives the sign-in island its own words and none of the app’s', () => {
    const en = (ns: string) =>
      JSON.parse(
        fs.readFileSync(path.join(root, `src/shared/i18n/catalog/en/${ns}.json`), 'utf8'),
      ) as Record<string, string>;
    const known = new Set(
      ['common', 'validation', 'public', 'share', 'app', 'settings', 'admin'].flatMap((ns) =>
        Object.keys(en(ns)),
      ),
    );
    const used = keysIn(moduleGraph(path.join(root, 'src/client/islands/sign-in.tsx')), known);
    expect(used).toContain('public.signIn.title');
    expect(used).toContain('validation.email.invalid');
    expect(used).toContain('common.errors.network');
    expect([...used].filter((k) => /^(app|settings|admin)\./.test(k))).toEqual([]);
    expect(used.size).toBeLessThan(known.size / 10);
  });
});
