import { defineConfig } from 'vitest/config';

// Browser tests: one Skald server (built web app, fresh database, demo tenant) for the whole run.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/server.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
