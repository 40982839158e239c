import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/support/server.ts';

// Browser tests: one Skald server (built web app, fresh database, demo tenant) per worker, and as
// many files at once as there are servers (support/server.ts, support/run.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/server.ts'],
    // A loaded 2-core machine ran this pass 2.5 times slower than usual (every failure a timeout): a
    // missing element still fails, only later.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // expect.poll's own default is 1 s: after a page load on a loaded machine, results and a level
    // meter's fall came later than that (finding.e2e, player.e2e failed so in the CI run of this
    // session). A wrong value still fails, after 15 s; polls that need longer say so.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: E2E_WORKERS,
    fileParallelism: E2E_WORKERS > 1,
  },
});
