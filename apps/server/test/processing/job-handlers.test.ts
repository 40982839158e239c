import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { JobPayloads } from '../../src/jobs/job-queue.ts';
import type { JobHandlers, jobHandlers } from '../../src/modules/processing/job-handlers.ts';
import { EXIF_REAPPLY_JOB } from '../../src/modules/exif-mappings/exif-applier.ts';
import { ANALYSIS_JOB } from '../../src/modules/analysis/analysis-job.ts';
import { BULK_METADATA_JOB } from '../../src/modules/bulk-metadata/bulk-metadata.job.ts';
import { MEDIA_JOB } from '../../src/modules/processing/processing.service.ts';
import { RENDER_JOB } from '../../src/modules/processing/render-job.ts';
import { COPY_MEDIA_JOB } from '../../src/modules/rendering/placeholders.copy-job.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A job type some later issue adds, before its handler exists. */
interface WithAnotherJob extends JobPayloads {
  'analysis.faces': { itemId: string; versionId: string };
}

describe('the job handlers', () => {
  it('are a handler for every job type, checked by the compiler', () => {
    expectTypeOf<ReturnType<typeof jobHandlers>>().toExtend<JobHandlers>();
    // @ts-expect-error a job type without a handler is a type error
    expectTypeOf<ReturnType<typeof jobHandlers>>().toExtend<JobHandlers<WithAnotherJob>>();
  });

  it('are registered with the queue, each job type once, when the worker starts', async () => {
    // Recorded, not run: on PostgreSQL this worker's database holds earlier files' items, which
    // start() gives a job again; a real worker would take them, and closing the app would wait for
    // them (it once waited past the 30 s hook timeout in CI's PostgreSQL pass).
    const process = vi.spyOn(t.services.queue, 'process').mockResolvedValue(undefined);
    await t.services.processingWorker.start();
    expect(process.mock.calls.map(([type]) => type)).toEqual([
      MEDIA_JOB,
      EXIF_REAPPLY_JOB,
      ANALYSIS_JOB,
      RENDER_JOB,
      COPY_MEDIA_JOB,
      BULK_METADATA_JOB,
    ]);
  });
});
