import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOST_WORKER_MESSAGE, type JobEvent } from '../../src/jobs/job-queue.ts';
import { newId } from '../../src/lib/ids.ts';
import { backends, FAST, type QueueFactory } from './support/backends.ts';
import { gate, uniqueType, waitUntil } from './support/helpers.ts';

describe.each(backends)('$name', (backend) => {
  let f: QueueFactory;
  beforeAll(async () => {
    f = await backend.open();
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('runs an enqueued job with its payload, tenant and attempt, then records it completed', async () => {
    const type = uniqueType('echo');
    const tenantId = newId();
    const queue = f.create();
    const seen: unknown[] = [];
    await queue.process(type, async (job) => {
      seen.push({
        id: job.id,
        type: job.type,
        tenantId: job.tenantId,
        payload: job.payload,
        attempt: job.attempt,
      });
      await Promise.resolve();
    });

    const id = await queue.enqueue(type, { n: 7 }, { tenantId });

    const done = await waitUntil(async () => {
      const job = await queue.get(tenantId, id);
      return job?.state === 'completed' ? job : undefined;
    }, 'completion');
    expect(seen).toEqual([{ id, type, tenantId, payload: { n: 7 }, attempt: 1 }]);
    expect(done).toMatchObject({
      id,
      type,
      tenantId,
      payload: { n: 7 },
      attempts: 1,
      maxAttempts: 3,
      progress: 100,
      error: null,
    });
    expect(done.finishedAt).toBeTruthy();
  });

  it('shows a running job’s progress to get() and as live events in another instance', async () => {
    const type = uniqueType('progress');
    const tenantId = newId();
    const worker = f.create();
    const observer = f.create();
    const events: JobEvent[] = [];
    await observer.watch(type, (event) => events.push(event));
    const hold = gate();
    await worker.process(type, async (job) => {
      await job.reportProgress(30, 'Probing');
      await job.reportProgress(60.4, 'Transcoding');
      await hold.promise;
    });

    const id = await observer.enqueue(type, { n: 1 }, { tenantId });

    const running = await waitUntil(async () => {
      const job = await observer.get(tenantId, id);
      return job?.progress === 60 ? job : undefined;
    }, 'progress 60');
    expect(running).toMatchObject({ state: 'active', progressMessage: 'Transcoding', attempts: 1 });
    await waitUntil(
      () => events.find((e) => e.kind === 'progress' && e.progress === 60),
      'the progress event',
    );
    hold.open();
    await waitUntil(() => events.find((e) => e.kind === 'completed'), 'the completed event');

    const progress = events.filter((e) => e.kind === 'progress');
    expect(progress.at(-1)).toEqual({
      kind: 'progress',
      jobId: id,
      type,
      tenantId,
      progress: 60,
      message: 'Transcoding',
    });
    expect(events.at(-1)).toEqual({ kind: 'completed', jobId: id, type, tenantId });
  });

  it('retries a failing job after growing delays, then fails it with the last message', async () => {
    const type = uniqueType('flaky');
    const tenantId = newId();
    const queue = f.create({ backoff: { baseMs: 150, maxMs: 5_000, jitter: 0 } });
    const events: JobEvent[] = [];
    await queue.watch(type, (event) => events.push(event));
    const starts: number[] = [];
    const errorsSeenWhileRetrying: (string | null | undefined)[] = [];
    await queue.process(type, async (job) => {
      starts.push(Date.now());
      if (job.attempt > 1) errorsSeenWhileRetrying.push((await queue.get(tenantId, job.id))?.error);
      throw new Error(`boom ${job.attempt}`);
    });

    const id = await queue.enqueue(type, { n: 1 }, { tenantId, maxAttempts: 3 });

    const failed = await waitUntil(async () => {
      const job = await queue.get(tenantId, id);
      return job?.state === 'failed' ? job : undefined;
    }, 'the final failure');
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, error: 'boom 3' });
    expect(errorsSeenWhileRetrying).toEqual(['boom 1', 'boom 2']);
    const [first = 0, second = 0, third = 0] = starts;
    expect(starts).toHaveLength(3);
    // Exponential backoff: at least 150 ms before the 2nd run, at least 300 ms before the 3rd.
    expect(second - first).toBeGreaterThanOrEqual(145);
    expect(third - second).toBeGreaterThanOrEqual(295);
    const failure = await waitUntil(() => events.find((e) => e.kind === 'failed'), 'the failed event');
    expect(failure).toEqual({ kind: 'failed', jobId: id, type, tenantId, error: 'boom 3' });
    expect(events.filter((e) => e.kind === 'failed')).toHaveLength(1);
  });

  it('completes a job that succeeds on its retry, and forgets the earlier error', async () => {
    const type = uniqueType('second-time');
    const tenantId = newId();
    const queue = f.create();
    await queue.process(type, async (job) => {
      await Promise.resolve();
      if (job.attempt === 1) throw new Error('transient');
    });

    const id = await queue.enqueue(type, { n: 1 }, { tenantId });

    const done = await waitUntil(async () => {
      const job = await queue.get(tenantId, id);
      return job?.state === 'completed' ? job : undefined;
    }, 'completion');
    expect(done).toMatchObject({ attempts: 2, error: null });
  });

  it('answers the same job for the same idempotency key, and runs it once', async () => {
    const type = uniqueType('once');
    const otherType = uniqueType('once-other');
    const tenantId = newId();
    const otherTenantId = newId();
    const queue = f.create();
    const runs: string[] = [];
    for (const t of [type, otherType]) {
      await queue.process(t, async (job) => {
        runs.push(job.id);
        await Promise.resolve();
      });
    }

    const id = await queue.enqueue(type, { n: 1 }, { tenantId, idempotencyKey: 'item-1/transcode' });
    const again = await queue.enqueue(type, { n: 2 }, { tenantId, idempotencyKey: 'item-1/transcode' });
    const otherTenant = await queue.enqueue(
      type,
      { n: 3 },
      { tenantId: otherTenantId, idempotencyKey: 'item-1/transcode' },
    );
    const otherKind = await queue.enqueue(
      otherType,
      { n: 4 },
      { tenantId, idempotencyKey: 'item-1/transcode' },
    );

    expect(again).toBe(id);
    expect(new Set([id, otherTenant, otherKind]).size).toBe(3);
    await waitUntil(async () => {
      const states = await Promise.all([
        queue.get(tenantId, id),
        queue.get(otherTenantId, otherTenant),
        queue.get(tenantId, otherKind),
      ]);
      return states.every((j) => j?.state === 'completed') ? true : undefined;
    }, 'all three completed');
    // Enqueued again after it finished: still the same job, and it does not run again.
    expect(await queue.enqueue(type, { n: 5 }, { tenantId, idempotencyKey: 'item-1/transcode' })).toBe(id);
    expect((await queue.get(tenantId, id))?.payload).toEqual({ n: 1 });
    expect(runs.sort()).toEqual([id, otherTenant, otherKind].sort());
  });

  it('starts a transcode enqueued after many analysis jobs before the waiting ones, which give way to it', async () => {
    const analysis = uniqueType('analysis');
    const transcode = uniqueType('transcode');
    const tenantId = newId();
    const client = f.create();
    const worker = f.create();
    const log: string[] = [];
    const firstAnalysis = gate();
    const proxy = gate();
    await worker.process(transcode, async () => {
      log.push('transcode start');
      await proxy.promise;
      log.push('transcode end');
    });
    await worker.process(
      analysis,
      async (job) => {
        log.push(`analysis ${String(job.payload.n)} start`);
        if (log.filter((line) => line.startsWith('analysis')).length === 1) await firstAnalysis.promise;
        log.push(`analysis ${String(job.payload.n)} end`);
      },
      { concurrency: 1, yieldTo: [transcode] },
    );
    const analyses: string[] = [];
    for (let n = 1; n <= 6; n++) analyses.push(await client.enqueue(analysis, { n }, { tenantId }));
    await waitUntil(() => (log.length === 1 ? true : undefined), 'the first analysis to start');

    const proxyId = await client.enqueue(transcode, { n: 0 }, { tenantId });
    await waitUntil(() => (log.includes('transcode start') ? true : undefined), 'the transcode to start');
    // The running analysis ends; the five waiting give way to the transcode while it runs.
    firstAnalysis.open();
    await waitUntil(() => (log.length === 3 ? true : undefined), 'the first analysis to end');
    await new Promise((resolve) => setTimeout(resolve, 10 * (FAST.pollIntervalMs ?? 50)));
    expect(log.slice(1)).toEqual(['transcode start', expect.stringMatching(/^analysis \d end$/)]);
    proxy.open();

    await waitUntil(async () => {
      const jobs = await Promise.all([proxyId, ...analyses].map((id) => client.get(tenantId, id)));
      return jobs.every((job) => job?.state === 'completed') ? true : undefined;
    }, 'every job to complete');
    expect(log.indexOf('transcode end')).toBe(3);
    expect(log.slice(4).filter((line) => line.endsWith('start'))).toHaveLength(5);
  });

  it('starts a job enqueued after a backlog of background jobs of its type before them', async () => {
    const type = uniqueType('analysis');
    const tenantId = newId();
    const client = f.create();
    const worker = f.create();
    // 1–4: background (an upload's analyses); 0: enqueued last, without (a person's click).
    const started: number[] = [];
    const first = gate();
    await worker.process(
      type,
      async (job) => {
        started.push(job.payload.n);
        if (started.length === 1) await first.promise;
      },
      { concurrency: 1 },
    );
    await client.enqueue(type, { n: 1 }, { tenantId, background: true });
    await waitUntil(() => (started.length === 1 ? true : undefined), 'the first background job to start');
    for (let n = 2; n <= 4; n++) await client.enqueue(type, { n }, { tenantId, background: true });
    const clicked = await client.enqueue(type, { n: 0 }, { tenantId });
    first.open();

    await waitUntil(() => (started.length === 5 ? true : undefined), 'every job to start');
    expect(started).toEqual([1, 0, 2, 3, 4]);
    expect((await client.get(tenantId, clicked))?.state).toBe('completed');
  });

  it('refuses a job type that would give way to itself', async () => {
    const type = uniqueType('selfish');
    await expect(f.create().process(type, () => Promise.resolve(), { yieldTo: [type] })).rejects.toThrow(
      /give way to themselves/,
    );
  });

  it('does not run a delayed job before its time', async () => {
    const type = uniqueType('later');
    const tenantId = newId();
    const queue = f.create();
    let startedAt = 0;
    await queue.process(type, async () => {
      startedAt = Date.now();
      await Promise.resolve();
    });

    const enqueuedAt = Date.now();
    const id = await queue.enqueue(type, { n: 1 }, { tenantId, delayMs: 400 });

    expect((await queue.get(tenantId, id))?.state).toBe('queued');
    await waitUntil(
      async () => ((await queue.get(tenantId, id))?.state === 'completed' ? true : undefined),
      'completion',
    );
    expect(startedAt - enqueuedAt).toBeGreaterThanOrEqual(395);
  });

  it('never runs more jobs of a type at once than its concurrency', async () => {
    const type = uniqueType('parallel');
    const tenantId = newId();
    const worker = f.create();
    const holds = new Map<string, () => void>();
    let running = 0;
    let most = 0;
    await worker.process(
      type,
      async (job) => {
        running += 1;
        most = Math.max(most, running);
        const hold = gate();
        holds.set(job.id, hold.open);
        await hold.promise;
        running -= 1;
      },
      { concurrency: 2 },
    );
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push(await worker.enqueue(type, { n }, { tenantId }));

    await waitUntil(() => (holds.size === 2 ? true : undefined), 'two running jobs');
    // Proving that a third does not start needs time to pass: several poll intervals.
    await new Promise((r) => setTimeout(r, 300));
    expect(holds.size).toBe(2);
    const states = await Promise.all(ids.map(async (id) => (await worker.get(tenantId, id))?.state));
    expect(states.filter((s) => s === 'active')).toHaveLength(2);
    expect(states.filter((s) => s === 'queued')).toHaveLength(3);

    // Let them finish one at a time: each freed slot takes the next job, never more.
    const released = new Set<string>();
    while (released.size < ids.length) {
      const next = await waitUntil(() => [...holds.keys()].find((id) => !released.has(id)), 'a running job');
      released.add(next);
      holds.get(next)?.();
    }
    await waitUntil(async () => {
      const all = await Promise.all(ids.map((id) => worker.get(tenantId, id)));
      return all.every((j) => j?.state === 'completed') ? true : undefined;
    }, 'all completed');
    expect(most).toBe(2);
  });

  it('waits in close() for a running handler to finish', async () => {
    const type = uniqueType('closing');
    const tenantId = newId();
    const worker = f.create();
    const observer = f.create();
    const started = gate();
    const hold = gate();
    const order: string[] = [];
    await worker.process(type, async (job) => {
      started.open();
      await hold.promise;
      await job.reportProgress(90);
      order.push('handler finished');
    });
    const id = await observer.enqueue(type, { n: 1 }, { tenantId });
    await started.promise;

    const closing = worker.close().then(() => order.push('close resolved'));
    hold.open();
    await closing;

    expect(order).toEqual(['handler finished', 'close resolved']);
    expect((await observer.get(tenantId, id))?.state).toBe('completed');
  });

  it('aborts the signal of a handler that outlasts close()’s timeout', async () => {
    const type = uniqueType('stubborn');
    const tenantId = newId();
    const worker = f.create();
    const started = gate();
    let signal: AbortSignal | undefined;
    await worker.process(type, async (job) => {
      signal = job.signal;
      started.open();
      await once(job.signal, 'abort');
    });
    await worker.enqueue(type, { n: 1 }, { tenantId });
    await started.promise;
    expect(signal?.aborted).toBe(false);

    await worker.close(200);

    expect(signal?.aborted).toBe(true);
  });

  it('does not show a job to another tenant, nor make one up for an unknown id', async () => {
    const type = uniqueType('private');
    const tenantId = newId();
    const queue = f.create();
    const id = await queue.enqueue(type, { n: 1 }, { tenantId });

    expect(await queue.get(tenantId, id)).toMatchObject({ id, state: 'queued', attempts: 0 });
    expect(await queue.get(newId(), id)).toBeUndefined();
    expect(await queue.get(tenantId, newId())).toBeUndefined();
    expect(await queue.get(tenantId, `${type}:${newId()}`)).toBeUndefined();
    expect(await queue.get(tenantId, 'not-a-job')).toBeUndefined();
  });

  it('runs a job again as a new attempt after its worker is killed with SIGKILL mid-run', async () => {
    const type = uniqueType('crash');
    const tenantId = newId();
    const leaseMs = 1_000;
    const producer = f.create({ leaseMs });
    const survivor = await producer.enqueue(type, { n: 1 }, { tenantId, maxAttempts: 3 });
    // Its only attempt dies with the worker: it must end failed, not stay running forever.
    const lastChance = await producer.enqueue(type, { n: 2 }, { tenantId, maxAttempts: 1 });

    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'support', 'crash-worker.ts')], {
      env: { ...process.env, ...f.childEnv, JOB_TYPE: type, LEASE_MS: String(leaseMs), CONCURRENCY: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    try {
      const started = new Set<string>();
      for await (const line of createInterface({ input: child.stdout })) {
        started.add((JSON.parse(line) as { started: string }).started);
        if (started.size === 2) break;
      }
      expect(started).toEqual(new Set([survivor, lastChance]));
      expect(await producer.get(tenantId, survivor)).toMatchObject({
        state: 'active',
        attempts: 1,
        progress: 40,
        progressMessage: 'half way through',
      });
    } finally {
      child.kill('SIGKILL');
    }
    const [, signal] = (await exited) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');

    const runs: { id: string; attempt: number }[] = [];
    const rescuer = f.create({ leaseMs });
    await rescuer.process(
      type,
      async (job) => {
        runs.push({ id: job.id, attempt: job.attempt });
        await Promise.resolve();
      },
      { concurrency: 2 },
    );

    const [saved, lost] = await waitUntil(
      async () => {
        const jobs = await Promise.all([
          producer.get(tenantId, survivor),
          producer.get(tenantId, lastChance),
        ]);
        return jobs[0]?.state === 'completed' && jobs[1]?.state === 'failed' ? jobs : undefined;
      },
      'the survivor completed and the last chance failed',
      15_000,
    );
    expect(saved).toMatchObject({ attempts: 2, progress: 100, error: null });
    expect(lost).toMatchObject({ attempts: 1, error: LOST_WORKER_MESSAGE });
    expect(runs).toEqual([{ id: survivor, attempt: 2 }]);
  });
});
