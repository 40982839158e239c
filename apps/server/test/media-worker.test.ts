import { mkdtempSync, mkdirSync, utimesSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_WORK_MS, sweepStaleWork } from '../src/modules/processing/processing-worker.ts';

describe('sweepStaleWork', () => {
  it('removes the work folders of runs older than any job, and keeps recent ones', async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'skald-work-'));
    const now = Date.now();
    const old = path.join(workDir, 'job-a-1');
    const recent = path.join(workDir, 'job-b-1');
    for (const folder of [old, recent]) mkdirSync(path.join(folder, 'out'), { recursive: true });
    const past = (now - STALE_WORK_MS - 60_000) / 1000;
    utimesSync(old, past, past);
    await sweepStaleWork(workDir, now);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});
