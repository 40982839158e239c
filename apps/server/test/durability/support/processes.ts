import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type { Config } from '../../../src/config.ts';

export const SRC = path.resolve(import.meta.dirname, '../../../src');

export interface Child {
  process: ChildProcess;
  /** The last lines it wrote (stdout and stderr), for the message of a failing test. */
  output: () => string;
  /** Resolves with the signal that ended it (or its exit code). */
  exited: Promise<string>;
}

/**
 * Starts one of the server's entry points as a real process. It leads a process group of its own,
 * so `killGroup` can also end what it started (ffmpeg) when the test is over.
 */
export function startChild(script: string, env: Record<string, string>, nodeArgs: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeArgs, path.join(SRC, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = once(child, 'exit').then(([code, signal]) => String(signal ?? code));
  return { process: child, output: () => lines.join('\n'), exited };
}

/**
 * What a child must share with the test's own app to work on the same data: its data folder, its
 * secret and, in CI's S3 pass, its bucket.
 */
export function sharedEnv(config: Config): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: config.DATA_DIR, SECRET_KEY: config.SECRET_KEY ?? '' };
  const s3 = {
    S3_ENDPOINT: config.S3_ENDPOINT,
    S3_BUCKET: config.S3_BUCKET,
    S3_REGION: config.S3_REGION,
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
  };
  for (const [name, value] of Object.entries(s3)) if (value !== undefined) env[name] = value;
  return env;
}

/** kill -9 of the process itself (not its children), as the OOM killer does. */
export async function killHard(child: Child): Promise<string> {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  return child.exited;
}

/** Ends whatever is left of the child's process group (orphaned tools included). */
export function killGroup(child: Child): void {
  try {
    if (child.process.pid !== undefined) process.kill(-child.process.pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}

/** Whether any process of the child's group (the child or a tool it started) still runs. */
export function groupAlive(child: Child): boolean {
  try {
    if (child.process.pid !== undefined) process.kill(-child.process.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `url` answers 200 (a server child is up), or the child died. */
export async function waitForHttp(child: Child, url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`the server exited:\n${child.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}
