import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/test/support/net.ts';
import { startS3Server, type S3TestServer } from '../../apps/server/test/storage/s3-server.ts';
import { siblingDatabase, workerDatabaseUrl } from '../../apps/server/test/support/worker-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's servers, one per worker: where each listens, and where its SMTP server drops every
     * message it receives (see support/mail.ts).
     */
    servers: { baseUrl: string; mailDir: string }[];
    /** Where support/axe.ts marks the screens checked in this run, so each is checked once. */
    axeCheckedDir: string;
    /** The run's own files (clips, stills, photos to upload: run.ts `scratchDir`), removed after it. */
    filesDir: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: on a loaded 2-core machine several servers migrating and seeding at once take a while.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/**
 * A real SMTP server on loopback that writes each message, as received, to `<seq>.eml` in `dir`,
 * with a `Delivered-To:` line per envelope recipient in front (as a mail delivery agent would).
 * Files appear whole: written under a temporary name, then renamed.
 */
async function startMailCatcher(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const delivered = session.envelope.rcptTo.map((r) => `Delivered-To: ${r.address}\r\n`).join('');
        const name = String(++seq).padStart(6, '0');
        const temporary = path.join(dir, `.${name}.tmp`);
        writeFileSync(temporary, delivered + Buffer.concat(chunks).toString('utf8'));
        renameSync(temporary, path.join(dir, `${name}.eml`));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** One Skald server of the run, with its own database, data directory, Redis database and mail catcher. */
interface RunningServer {
  baseUrl: string;
  mailDir: string;
  close: () => Promise<void>;
}

/**
 * How many test files run at once, each worker with a server of its own (files of one worker run
 * one after the other, as before). Most of a browser test's time is waiting for the server and
 * the browser, so three workers use two cores well.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

/** The n-th server's database (from 0): the run's own for the first, a sibling (made afresh) for the others. */
async function databaseFor(n: number): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const given = process.env.DATABASE_URL;
  if (!given) return undefined;
  if (n > 0) await siblingDatabase(given, n + 1, 'create');
  return {
    url: workerDatabaseUrl(given, n + 1),
    drop: () => (n > 0 ? siblingDatabase(given, n + 1, 'drop') : Promise.resolve()),
  };
}

/** The n-th server's Redis: the next database index after the run's, so their job queues stay apart. */
function redisFor(n: number): string | undefined {
  const given = process.env.REDIS_URL;
  if (!given) return undefined;
  const url = new URL(given);
  url.pathname = `/${Number(url.pathname.slice(1) || 0) + n}`;
  return url.toString();
}

/**
 * Starts the real server (as `npm start` would, minus the build) on a fresh database, sending its
 * mail to a real SMTP server on loopback.
 */
async function startServer(n: number, s3: S3TestServer | undefined): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-'));
  const mailDir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir);
  const database = await databaseFor(n);
  const redis = redisFor(n);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [path.resolve('apps/server/src/main.api.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in mails point here, so a test opens them as they are.
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SMTP_URL: smtp.url,
      // Every spec signs in from the same address; the limit itself is covered by the server tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(redis ? { REDIS_URL: redis } : {}),
      ...(s3
        ? {
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: `skald-e2e-${n}`,
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (d: Buffer) => {
    log += d.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await smtp.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (err) {
    await close();
    throw err;
  }
  return { baseUrl, mailDir, close };
}

/** One server per worker (support/run.ts tells a test file which is its own). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // CI's second pass: blobs in a real S3-compatible server instead of local files.
  const s3: S3TestServer | undefined = process.env.TEST_S3 === '1' ? await startS3Server() : undefined;
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, (_, n) => startServer(n, s3)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const axeCheckedDir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-axe-'));
  const filesDir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-files-'));
  const closeAll = async () => {
    await Promise.all(servers.map((server) => server.close()));
    await s3?.close();
    rmSync(axeCheckedDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await closeAll();
    throw failed.reason;
  }
  project.provide('axeCheckedDir', axeCheckedDir);
  project.provide('filesDir', filesDir);
  project.provide(
    'servers',
    servers.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
  );
  return closeAll;
}
