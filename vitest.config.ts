import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'];
const usePostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit+api (pglite)',
          include: apiTests,
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...(usePostgres
        ? [
            {
              test: {
                name: 'api (postgres)',
                include: ['src/server/**/*.test.ts'],
                exclude: ['src/server/main.test.ts', 'src/server/config.test.ts'],
                environment: 'node',
                globalSetup: ['src/server/test/global-setup.ts'],
                setupFiles: ['src/server/test/setup.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e (chromium)',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['src/server/test/setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Waiting assertions wait long enough for a loaded machine (the default is 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
