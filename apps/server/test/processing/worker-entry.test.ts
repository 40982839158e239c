import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killGroup, startChild } from '../durability/support/processes.ts';
import { waitFor } from '../durability/support/wait.ts';

// main.worker.ts composes the platform and the processing part only: started as a real process,
// it must never load the HTTP server, the mailer or the upload server.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skald-worker-entry-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const hook = path.join(import.meta.dirname, 'support', 'record-modules.ts');

describe('main.worker.ts', () => {
  it('starts without loading Fastify, the mailer or the tus server', { timeout: 60_000 }, async () => {
    const modulesFile = path.join(dir, 'modules.json');
    const child = startChild(
      'main.worker.ts',
      {
        NODE_ENV: 'test',
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'info',
        RECORD_MODULES_TO: modulesFile,
      },
      ['--import', hook],
    );
    try {
      await waitFor(
        () => {
          if (child.process.exitCode !== null) throw new Error(`the worker exited:\n${child.output()}`);
          return child.output().includes('media worker started') ? true : undefined;
        },
        'the worker to start',
        45_000,
      );
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe('0');
    } finally {
      killGroup(child);
    }
    const loaded = JSON.parse(await readFile(modulesFile, 'utf8')) as string[];
    // The recording works: the worker's own parts are in it.
    expect(loaded.some((url) => url.endsWith('/modules/processing/processing-worker.ts'))).toBe(true);
    expect(loaded.some((url) => url.includes('/node_modules/pino/'))).toBe(true);
    const forbidden = [
      '/node_modules/fastify/',
      '/node_modules/nodemailer/',
      '/node_modules/@tus/',
      '/src/app.ts',
    ];
    expect(loaded.filter((url) => forbidden.some((part) => url.includes(part)))).toEqual([]);
  });
});
