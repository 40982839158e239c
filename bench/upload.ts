// tus upload throughput against the disk's, measured in the same run on the same file system:
// `dd bs=64M conv=fsync` (coreutils dd, fsync once at the end) copies the source into DATA_DIR, then
// the real tus-js-client uploads the same file to `main.api.ts` on loopback in 64 MiB chunks (the
// server's file store writes it, the finish step sniffs it and moves it into the blob store, which
// fsyncs it once). Goal (issue 3): upload ≥ 0.85 of dd's MB/s.
// SIZE_MIB (default 1024), ROUNDS (default 3). SERVER_NODE_FLAGS: the server's node flags, by
// default those of scripts/start.sh (--external-memory-accounted-in-global-limit: without it V8
// starts a full GC every few tens of MB of request-body Buffers, most of the upload's CPU).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { makeRandomFile } from '../apps/server/test/durability/support/media-files.ts';
import { freePort, stop } from './support/processes.ts';

const SIZE = Number(process.env.SIZE_MIB ?? 1024) * 1024 * 1024;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SERVER_NODE_FLAGS = (process.env.SERVER_NODE_FLAGS ?? '--external-memory-accounted-in-global-limit')
  .split(' ')
  .filter(Boolean);
const CHUNK = 64 * 1024 * 1024;
const exec = promisify(execFile);

const mbPerSecond = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function signIn(base: string): Promise<{ cookie: string; folderId: string }> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', email: 'admin@demo.test', password: 'skald-demo' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const root = await fetch(`${base}/api/v1/folders/root`, { headers: { cookie } });
  const { id } = (await root.json()) as { id: string };
  return { cookie, folderId: id };
}

function upload(file: string, endpoint: string, cookie: string, folderId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    new tus.Upload(createReadStream(file), {
      endpoint,
      chunkSize: CHUNK,
      retryDelays: null,
      headers: { cookie },
      metadata: { filename: 'bench.mxf', folderId },
      onSuccess: () => {
        resolve();
      },
      onError: reject,
    }).start();
  });
}

/** main.api.ts as its own process (with SERVER_NODE_FLAGS), once it answers /api/ready. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.resolve('apps/server/src/main.api.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/api/ready`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-bench-'));
const source = path.join(dataDir, 'source.bin');
const ddTarget = path.join(dataDir, 'dd.bin');
await makeRandomFile(source, SIZE);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  WORKER_IN_API: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
try {
  const { cookie, folderId } = await signIn(base);
  const dd: number[] = [];
  const tusRuns: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    dd.push(
      mbPerSecond(
        SIZE,
        await timed(() => exec('dd', [`if=${source}`, `of=${ddTarget}`, 'bs=64M', 'conv=fsync'])),
      ),
    );
    await rm(ddTarget);
    tusRuns.push(
      mbPerSecond(SIZE, await timed(() => upload(source, `${base}/api/v1/uploads`, cookie, folderId))),
    );
    console.log(
      `round ${i + 1}: dd ${dd[i]?.toFixed(0)} MB/s, tus upload ${tusRuns[i]?.toFixed(0)} MB/s (${SIZE / 2 ** 20} MiB)`,
    );
  }
  const ratio = median(tusRuns) / median(dd);
  console.log(`\ndd bs=64M conv=fsync: ${median(dd).toFixed(0)} MB/s (median of ${ROUNDS})`);
  console.log(
    `tus upload, 64 MiB chunks, loopback: ${median(tusRuns).toFixed(0)} MB/s${SERVER_NODE_FLAGS.length ? ` (server: node ${SERVER_NODE_FLAGS.join(' ')})` : ''}`,
  );
  console.log(`ratio ${ratio.toFixed(3)} (goal ≥ 0.85) ${ratio >= 0.85 ? 'MET' : 'MISSED'}`);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
