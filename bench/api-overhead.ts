// GET /api/v1/me signed in two ways — with an API key and with a session cookie — against a Fastify
// hello-world route, measured in the same run: autocannon, 50 connections, rounds alternating
// between the three. Goal (issue 2): Skald ≥ 0.35 of hello-world's requests per second, and
// p99 < 25 ms, for either credential.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startNode, stop } from './support/processes.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = 50;

/** The demo administrator's session cookie and a new API key of theirs. */
async function signIn(base: string): Promise<{ cookie: string; apiKey: string }> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', email: 'admin@demo.test', password: 'skald-demo' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(`${base}/api/v1/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ label: 'bench', expiresAt: null, maxInactiveDays: 30 }),
  });
  const { secret } = (await res.json()) as { secret: string };
  return { cookie, apiKey: secret };
}

async function round(url: string, headers: Record<string, string>, duration = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-bench-'));
const [helloPort, skaldPort] = [await freePort(), await freePort()];
const hello = await startNode(
  path.resolve('bench/support/hello-world.ts'),
  { PORT: String(helloPort) },
  `http://127.0.0.1:${helloPort}/hello`,
);
const skaldBase = `http://127.0.0.1:${skaldPort}`;
const skald = await startNode(
  path.resolve('apps/server/src/main.api.ts'),
  {
    PORT: String(skaldPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  `${skaldBase}/api/ready`,
);
try {
  const { cookie, apiKey } = await signIn(skaldBase);
  const targets: { name: string; url: string; headers: Record<string, string> }[] = [
    { name: 'hello-world', url: `http://127.0.0.1:${helloPort}/hello`, headers: {} },
    {
      name: 'GET /api/v1/me with API key',
      url: `${skaldBase}/api/v1/me`,
      headers: { authorization: `Bearer ${apiKey}` },
    },
    { name: 'GET /api/v1/me with session cookie', url: `${skaldBase}/api/v1/me`, headers: { cookie } },
  ];
  const runs = targets.map((target) => ({ ...target, results: [] as { rps: number; p99: number }[] }));
  // One short unmeasured round each, so all are JIT-warm before the timed rounds.
  for (const run of runs) await round(run.url, run.headers, 2);
  for (let i = 0; i < ROUNDS; i++) {
    for (const run of runs) run.results.push(await round(run.url, run.headers));
    console.log(
      `round ${i + 1}: ${runs.map((r) => `${r.name} ${r.results[i]?.rps.toFixed(0)} req/s, p99 ${r.results[i]?.p99} ms`).join('; ')}`,
    );
  }
  const [baseline, ...measured] = runs.map((run) => ({
    name: run.name,
    rps: median(run.results.map((r) => r.rps)),
    p99: median(run.results.map((r) => r.p99)),
  }));
  console.log(`\n${baseline?.name}: ${baseline?.rps.toFixed(0)} req/s (median of ${ROUNDS})`);
  for (const run of measured) {
    const ratio = run.rps / (baseline?.rps ?? NaN);
    console.log(
      `${run.name}: ${run.rps.toFixed(0)} req/s, ratio ${ratio.toFixed(3)} (goal ≥ 0.35) ${ratio >= 0.35 ? 'MET' : 'MISSED'}; ` +
        `p99 ${run.p99} ms (goal < 25) ${run.p99 < 25 ? 'MET' : 'MISSED'}`,
    );
  }
} finally {
  await stop(hello);
  await stop(skald);
  rmSync(dataDir, { recursive: true, force: true });
}
