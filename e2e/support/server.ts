import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/test/support/net.ts';
import { startS3Server, type S3TestServer } from '../../apps/server/test/storage/s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the SMTP server of the run drops every message it receives (see support/mail.ts). */
    mailDir: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
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

/**
 * Starts the real server (as `npm start` would, minus the build) on a fresh database, sending its
 * mail to a real SMTP server on loopback.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-'));
  const mailDir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-mail-'));
  const smtp = await startMailCatcher(mailDir);
  // CI's second pass: blobs in a real S3-compatible server instead of local files.
  const s3: S3TestServer | undefined = process.env.TEST_S3 === '1' ? await startS3Server() : undefined;
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
      ...(s3
        ? {
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: 'skald-e2e',
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
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (err) {
    child.kill('SIGTERM');
    await smtp.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await smtp.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
