import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * This test file's server: each worker of the run has one of its own (support/server.ts), so files
 * running at the same time never see each other's data. VITEST_POOL_ID numbers the workers from 1.
 */
function ownServer(): { baseUrl: string; mailDir: string } {
  const servers = inject('servers');
  const server = servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
  if (!server) throw new Error('the e2e run started no server');
  return server;
}

/** Where this file's server listens. */
export function baseUrl(): string {
  return ownServer().baseUrl;
}

/** Where this file's server's SMTP catcher drops the mail it receives. */
export function mailDir(): string {
  return ownServer().mailDir;
}

/**
 * A fresh folder for a test's own files (a clip, a photo to upload), inside the run's folder that
 * the run removes when it ends (support/server.ts), so a pass leaves none behind.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(inject('filesDir'), prefix));
}
