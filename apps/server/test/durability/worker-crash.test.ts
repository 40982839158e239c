import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser } from '../support/factories.ts';
import { makeFolder } from '../support/items.ts';
import { isolatedBackends, type IsolatedBackends } from './support/backends.ts';
import { makeClip } from './support/media-files.ts';
import { groupAlive, killGroup, killHard, sharedEnv, startChild, type Child } from './support/processes.ts';
import { tusUpload } from './support/tus-upload.ts';
import { waitFor } from './support/wait.ts';

// The API runs in the test; the media worker is `main.worker.ts` as a real process, killed with
// SIGKILL mid-encode and replaced by a fresh one.
let t: TestApp;
let backends: IsolatedBackends;
let base: string;
let dir: string;
let clip: string;
const children: Child[] = [];
beforeAll(async () => {
  backends = await isolatedBackends(12);
  t = await createTestApp(backends.env);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(tmpdir(), 'skald-worker-crash-test-'));
  // Long enough that the encode is still running when the test sees its first progress.
  clip = await makeClip(path.join(dir, 'long.mp4'), { width: 1920, height: 1080, seconds: 30 });
}, 120_000);
afterAll(async () => {
  for (const child of children) {
    await killHard(child);
    killGroup(child);
  }
  await t.close();
  await backends.dispose();
  await rm(dir, { recursive: true, force: true });
});

function startWorker(): Child {
  const child = startChild('main.worker.ts', {
    NODE_ENV: 'test',
    ...sharedEnv(t.config),
    // A dead worker's job runs again once its lease ran out (BullMQ: within two of them).
    JOB_LEASE_MS: '3000',
    LOG_LEVEL: 'info',
    ...backends.env,
  });
  children.push(child);
  return child;
}

describe('a media worker killed with SIGKILL mid-transcode', () => {
  it(
    'leaves its job to the next worker, which runs it again to completion',
    // The rerun is a whole 30 s 1080p transcode, beside the other suites' files on 2 cores.
    { timeout: 240_000 },
    async () => {
      const tt = await makeTenant(t);
      const user = await makeUser(t, tt, { permissions: ['item.create'] });
      const folderId = (await makeFolder(t, tt, 'Inbox')).id;
      const first = startWorker();
      const { itemId } = await tusUpload(clip, {
        endpoint: `${base}/api/v1/uploads`,
        cookie: user.cookie,
        metadata: { filename: 'Long take.mp4', folderId },
      });
      const transcoding = async () => (await t.services.itemsService.get(tt.root, itemId)).transcoding;

      const midway = await waitFor(
        async () => {
          if (first.process.exitCode !== null) throw new Error(`the worker exited:\n${first.output()}`);
          const state = await transcoding();
          return state.state === 'progressing' && state.progress > 0 ? state : undefined;
        },
        'the first worker to report progress',
        45_000,
      );
      expect(midway.progress).toBeLessThan(100);
      expect(await killHard(first)).toBe('SIGKILL');
      // Nothing resets the state of a dead worker's item: it stays progressing until a rerun settles it.
      expect(await transcoding()).toMatchObject({ state: 'progressing' });
      // Its ffmpeg dies with it (setpriv --pdeathsig): nothing of the first worker's group is left.
      await waitFor(() => (groupAlive(first) ? undefined : true), 'the killed worker’s ffmpeg to end', 5_000);

      const second = startWorker();
      const settled = await waitFor(
        async () => {
          if (second.process.exitCode !== null) throw new Error(`the worker exited:\n${second.output()}`);
          const state = await transcoding();
          return state.state === 'complete' || state.state === 'error' ? state : undefined;
        },
        'the second worker to finish the job',
        180_000,
        250,
      );

      expect(settled, second.output()).toMatchObject({
        state: 'complete',
        progress: 100,
        errorMessage: null,
      });
      const item = await t.services.itemsService.get(tt.root, itemId);
      expect(item.technicalMetadata).toMatchObject({ width: 1920, height: 1080 });
      expect(item.technicalMetadata?.durationSeconds).toBeCloseTo(30, 0);
      expect(item.media?.segmentCount).toBe(15);
      // The version's one job, run a second time: the new worker's sweep found it still running.
      // The job settles the item's state before the queue records the job's end.
      const jobId = await t.services.processingService.jobOf(tt.tenant.id, item.leadingVersionId ?? '');
      const job = await waitFor(
        async () => {
          const current = await t.services.queue.get(tt.tenant.id, jobId ?? '');
          return current?.state === 'active' ? undefined : current;
        },
        'the queue to record the end of the job',
        10_000,
      );
      expect(job).toMatchObject({ state: 'completed', attempts: 2, error: null });
      const history = await t.services.itemsService.history(tt.root, itemId, { from: 0, itemsPerPage: 50 });
      expect(history.items.map((h) => h.action)).toEqual([
        'transcodeCompleted',
        'transcodeStarted',
        'uploaded',
      ]);
      const unfinished = await t.services.processingRepository.unfinished('transcoding');
      expect(unfinished.filter((row) => row.tenant_id === tt.tenant.id)).toEqual([]);
    },
  );
});
