import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort as freePortOf } from '../../apps/server/test/support/net.ts';

export { freePortOf as freePort };

/** Starts a Node script as its own process and waits until `readyUrl` answers. */
export async function startNode(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Minutes on a loaded shared machine (a 1M-item library's server missed 30 s at load 30).
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** The API server on a free port over `dataDir` (no demo tenant, production mode); its base address. */
export async function startApiServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePortOf();
  const base = `http://127.0.0.1:${port}`;
  const server = await startNode(
    path.resolve('apps/server/src/main.api.ts'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    `${base}/api/ready`,
  );
  return { server, base };
}

/** Runs a tool to its end, its output discarded; rejects when it exits with an error. */
export function runTool(command: string, args: readonly string[], cwd: string): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'ignore'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args[0] ?? ''} exited with ${code}`));
    });
  });
}
