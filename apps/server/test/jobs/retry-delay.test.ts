import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { BullmqJobQueue } from '../../src/jobs/bullmq-job-queue.ts';
import { createJobQueue } from '../../src/jobs/create-job-queue.ts';
import { EmbeddedJobQueue } from '../../src/jobs/embedded-job-queue.ts';
import { retryDelayMs } from '../../src/jobs/job-queue.ts';

describe('the retry delay', () => {
  const backoff = { baseMs: 1_000, maxMs: 60_000, jitter: 0.5 };

  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [7, 60_000], // 64 s, capped
  ])('doubles after each failed attempt (attempt %i → at most %i ms)', (attempt, ceiling) => {
    expect(retryDelayMs(attempt, backoff, () => 0)).toBe(ceiling);
  });

  it.each([
    [0, 4_000],
    [0.5, 3_000],
    [0.999, 2_002],
  ])('takes off up to the jitter share at random (random %f → %i ms)', (random, ms) => {
    expect(retryDelayMs(3, backoff, () => random)).toBe(ms);
  });
});

describe('choosing the job queue', () => {
  // Neither queue touches its store before it is used, so nothing needs to be running here.
  const db = createDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: '' });

  it('keeps jobs in the database when REDIS_URL is not set', () => {
    expect(createJobQueue({}, db)).toBeInstanceOf(EmbeddedJobQueue);
  });

  it('uses BullMQ when REDIS_URL is set', () => {
    expect(createJobQueue({ REDIS_URL: 'redis://127.0.0.1:1' }, db)).toBeInstanceOf(BullmqJobQueue);
  });
});
