// A worker process for the crash test: it opens the store named by its environment, takes jobs
// of JOB_TYPE, reports some progress, says so on stdout (one JSON line per job) and then hangs
// until the test kills it with SIGKILL — mid-handler, with its leases still held.
import { createDatabase } from '../../../src/db/database.ts';
import { createJobQueue } from '../../../src/jobs/create-job-queue.ts';
import type { TestPayloads } from './backends.ts';

const env = process.env;
const type = env.JOB_TYPE;
const dataDir = env.DATA_DIR;
if (!type || !dataDir) throw new Error('JOB_TYPE and DATA_DIR are required');

const db = createDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
const queue = createJobQueue<TestPayloads>(
  { REDIS_URL: env.JOB_BACKEND === 'bullmq' ? env.REDIS_URL : undefined },
  db,
  {
    leaseMs: Number(env.LEASE_MS),
    pollIntervalMs: 50,
    ...(env.JOB_PREFIX ? { prefix: env.JOB_PREFIX } : {}),
  },
);

// Keeps the process alive while the handlers hang.
setInterval(() => undefined, 60_000);

await queue.process(
  type,
  async (job) => {
    await job.reportProgress(40, 'half way through');
    process.stdout.write(`${JSON.stringify({ started: job.id, attempt: job.attempt })}\n`);
    await new Promise<never>(() => undefined);
  },
  { concurrency: Number(env.CONCURRENCY ?? '1') },
);
