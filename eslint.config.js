import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noUiLiterals from './eslint-rules/no-ui-literals.js';

/*
 * House rules on imports (docs/ARCHITECTURE.md). ESLint keeps only the last matching
 * `no-restricted-imports` setting per file, so every block below repeats the drizzle rule.
 */

/** Only repositories, tables, the db folder, tests and benches may import drizzle. */
const drizzleOnlyInRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message:
    'Only *.repository.ts, *.table.ts, src/server/db/, tests and bench/ import drizzle: put the query in a repository.',
};
const drizzleAllowed = [
  'src/server/**/*.repository.ts',
  'src/server/**/*.table.ts',
  'src/server/db/**',
  '**/*.test.ts',
  'src/server/test/**',
  'tests/**',
  'bench/**',
];

/** A client feature never imports another: shared pieces live in components/ui or lib. */
const featuresDir = 'src/client/features';
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const featureBlocks = features.map((feature) => {
  const others = features.filter((f) => f !== feature).map(escape);
  return {
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            drizzleOnlyInRepositories,
            ...(others.length
              ? [
                  {
                    // '../numbers/…', '../../numbers/…', '…/features/numbers/…'
                    regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
                    message: `Client features never import each other (${feature}): move what both need to components/ui or lib.`,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'test-results', 'node_modules', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/server/config.ts', 'src/server/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read env in config.ts only.' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: drizzleAllowed,
    rules: {
      'no-restricted-imports': ['error', { patterns: [drizzleOnlyInRepositories] }],
    },
  },
  ...featureBlocks,
  {
    // Every string a person reads comes from the catalogue (ADR 0020).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { local: { rules: { 'no-ui-literals': noUiLiterals } } },
    rules: { 'local/no-ui-literals': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '.ci/**', 'examples/**'],
    rules: { 'no-console': 'off' },
  },
);
