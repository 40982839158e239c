import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface S3TestServer {
  endpoint: string;
  /** s3rver's fixed credentials: it checks request signatures against them. */
  accessKeyId: string;
  secretAccessKey: string;
  close: () => Promise<void>;
}

/**
 * A real S3-compatible HTTP server (s3rver) on loopback, storing into a fresh temp directory.
 * It runs in its own process because s3rver encrypts ListObjectsV2 continuation tokens with DES,
 * which OpenSSL 3 only offers under `--openssl-legacy-provider`: in-process, every truncated
 * listing (more keys than one page) failed with a 500.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'skald-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  // Port 0 and the port it prints: no window in which another process takes a probed port.
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      bin,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = once(child, 'exit');
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`s3rver did not start within 10 s: ${output}`));
      }, 10_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on [\d.]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) => {
        reject(new Error(`s3rver exited (${String(code)}): ${output}`));
      });
    });
    return {
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      close: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}
