import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Resolve @freight/contract to its TypeScript source in tests (no build needed). Vitest hands the
 * server conditions to Node as --conditions; without "module" (a bundler-only condition) packages
 * load the build Node itself would pick (the AWS SDK's "module" build is not runnable by Node).
 */
const sourceConditions = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
};

/**
 * Unit and API tests first, two files at a time (the default on 2 cores is one: each file spends
 * seconds importing the server and migrating its databases, while the other core idles).
 */
const unitGroup = { sequence: { groupOrder: 0 }, maxWorkers: 2 };

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceConditions,
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          ...unitGroup,
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // *.pg.test.ts play concurrent transactions, which only PostgreSQL has: they run where
          // TEST_DATABASE_URL names one (CI), and a machine with nothing but Node runs the rest.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? [] : ['apps/server/test/**/*.pg.test.ts']),
          ],
          // One migrated and seeded database per engine, copied by each suite (test/global-setup.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          ...unitGroup,
        },
      },
      {
        resolve: sourceConditions.resolve,
        // Not "source" for what Node loads itself (Ant Design's CommonJS build and what it requires):
        // some packages publish their TypeScript under it (scroll-into-view-if-needed).
        ssr: { resolve: { conditions: defaultServerConditions.filter((c) => c !== 'module') } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A component test renders Ant Design in jsdom: its first render takes seconds on 2 busy cores.
          testTimeout: 20_000,
          ...unitGroup,
        },
      },
      {
        ...sourceConditions,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          setupFiles: ['e2e/support/report.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // After the other projects, one file at a time: two at once each took twice as long (the
          // browser and the server share the 2 cores).
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          fileParallelism: false,
          // Pages render after network round trips: give polled assertions the same patience as locators.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
