import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './apps/server/test/support/worker-databases.ts';

export default defineConfig({
  test: {
    // Several files at once (apps/server/test/support/worker-databases.ts says why and how).
    maxWorkers: TEST_WORKERS,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          // The files of a worker share its module cache: importing the app afresh for every file
          // took 370 s summed over the files, and the whole run 600 s (433 s without). Each file
          // still makes its own app and database (test/support/app.ts) and closes it; no file mocks
          // a module.
          isolate: false,
          setupFiles: ['test/support/worker-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
