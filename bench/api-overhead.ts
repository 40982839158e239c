// GET /api/v1/me with an API key against a Fastify hello-world route, measured in the same run:
// autocannon, 50 connections, rounds alternating between the two servers. Goal (issue 2):
// Skald ≥ 0.35 of hello-world's requests per second, and p99 < 25 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startNode, stop } from './support/processes.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 8);
const CONNECTIONS = 50;

async function createApiKey(base: string): Promise<string> {
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
  return secret;
}

async function round(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
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
  const key = await createApiKey(skaldBase);
  // One short unmeasured round each, so both are JIT-warm before the timed rounds.
  await autocannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: CONNECTIONS, duration: 2 });
  await autocannon({
    url: `${skaldBase}/api/v1/me`,
    connections: CONNECTIONS,
    duration: 2,
    headers: { authorization: `Bearer ${key}` },
  });
  const helloRuns = [];
  const skaldRuns = [];
  for (let i = 0; i < ROUNDS; i++) {
    helloRuns.push(await round(`http://127.0.0.1:${helloPort}/hello`, {}));
    skaldRuns.push(await round(`${skaldBase}/api/v1/me`, { authorization: `Bearer ${key}` }));
    console.log(
      `round ${i + 1}: hello ${helloRuns[i]?.rps.toFixed(0)} req/s, skald /me ${skaldRuns[i]?.rps.toFixed(0)} req/s, p99 ${skaldRuns[i]?.p99} ms`,
    );
  }
  const helloRps = median(helloRuns.map((r) => r.rps));
  const skaldRps = median(skaldRuns.map((r) => r.rps));
  const p99 = median(skaldRuns.map((r) => r.p99));
  const ratio = skaldRps / helloRps;
  console.log(`\nhello-world: ${helloRps.toFixed(0)} req/s (median of ${ROUNDS})`);
  console.log(`GET /api/v1/me with API key: ${skaldRps.toFixed(0)} req/s, p99 ${p99} ms`);
  console.log(
    `ratio ${ratio.toFixed(3)} (goal ≥ 0.35) ${ratio >= 0.35 ? 'MET' : 'MISSED'}; p99 ${p99} ms (goal < 25) ${p99 < 25 ? 'MET' : 'MISSED'}`,
  );
} finally {
  await stop(hello);
  await stop(skald);
  rmSync(dataDir, { recursive: true, force: true });
}
