// The public share page's API answer (GET /api/v1/public/shares/{token}) for a share of 200 items
// (issue 13), asked by one visitor's browser (its cookie) at a fixed request rate, open loop:
// latency is measured from each request's scheduled start, so a server that falls behind pays for
// its queue. GET /api/ready at the same rate is the same run's baseline. Goal: p95 ≤ 50 ms.
// ITEMS (default 200), RATE requests/s (20, as bench/search), SECONDS (20). SQLite under a fresh DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newId } from '../apps/server/src/lib/ids.ts';
import { benchVideoItem, openBenchTenant } from './support/bench-tenant.ts';
import { startApiServer, stop } from './support/processes.ts';

const ITEMS = Number(process.env.ITEMS ?? 200);
const RATE = Number(process.env.RATE ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 20);
const GOAL_P95_MS = 50;

/** A tenant, a sharer and ITEMS processed clips (renditions named as the pipeline names them), shared in one share. */
async function seed(dataDir: string): Promise<string> {
  const bench = await openBenchTenant(dataDir, {
    email: 'sharer@bench.test',
    name: 'Sam Sharer',
    password: 'bench share password',
    permissions: ['share.shareMedia'],
  });
  const { services, tenant, user } = bench;
  const sharer = await services.identityLoader.load(tenant.id, user.id);
  if (!sharer) throw new Error('no sharer');
  const items = services.itemsRepository;
  const ids: string[] = [];
  const files = ['hls/index.m3u8', 'hls/seg-00001.ts', 'proxy.mp4', 'poster.jpg', 'thumbnail.jpg'];
  const at = new Date().toISOString();
  for (let i = 0; i < ITEMS; i++) {
    const id = newId();
    const versionId = newId();
    await items.transaction(async (trx) => {
      await items.insert(
        trx,
        benchVideoItem(bench, id, `Clip ${String(i + 1).padStart(3, '0')} from the harbour`, at),
      );
      await items.insertVersion(trx, {
        id: versionId,
        tenant_id: tenant.id,
        item_id: id,
        number: 1,
        filename: `clip-${i + 1}.mov`,
        size: 12_345_678,
        sha256: 'a'.repeat(64),
        mime_type: 'video/quicktime',
        item_type: 'video',
        technical: JSON.stringify({ durationSeconds: 12, frameRate: { numerator: 25, denominator: 1 } }),
        renditions: JSON.stringify({
          files,
          proxy: 'proxy.mp4',
          hlsPlaylist: 'hls/index.m3u8',
          poster: 'poster.jpg',
          thumbnail: 'thumbnail.jpg',
        }),
        created_by: user.id,
        created_at: at,
      });
      await items.update(trx, tenant.id, id, { leading_version_id: versionId });
    });
    ids.push(id);
  }
  const share = await services.sharesService.create(sharer, {
    kind: 'share',
    title: 'Bench share',
    itemIds: ids,
    password: null,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    maxUses: 10,
    download: 'proxy',
    allowMetadata: true,
    allowEditMetadata: false,
    emails: [],
    message: '',
  });
  await bench.close();
  return share.link.slice(share.link.lastIndexOf('/') + 1);
}

/** RATE requests a second for SECONDS, each timed from its scheduled start; the latencies in ms. */
async function openLoop(url: string, headers: Record<string, string>): Promise<number[]> {
  const latencies: number[] = [];
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < RATE * SECONDS; i++) {
    const scheduled = start + (i * 1000) / RATE;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      fetch(url, { headers }).then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        latencies.push(performance.now() - scheduled);
      }),
    );
  }
  await Promise.all(pending);
  return latencies;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'skald-bench-share-'));
try {
  console.log(`seeding a share of ${ITEMS} items`);
  const token = await seed(dataDir);
  const { server, base } = await startApiServer(dataDir, {
    // One address asks RATE times a second: far above what the per-address limit lets one visitor ask.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  try {
    const pageUrl = `${base}/api/v1/public/shares/${token}`;
    const first = await fetch(pageUrl);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = (await first.json()) as { items: unknown[] };
    console.log(`the page lists ${page.items.length} items, ${JSON.stringify(page).length} bytes of JSON`);
    // Warm-up, unmeasured; then the service time, one request at a time (less disturbed by a busy machine).
    for (let i = 0; i < 50; i++) await (await fetch(pageUrl, { headers: { cookie } })).arrayBuffer();
    const oneAtATime = async (headers: Record<string, string>) => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const t0 = performance.now();
        await (await fetch(pageUrl, { headers })).arrayBuffer();
        times.push(performance.now() - t0);
      }
      return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
    };
    console.log(`one at a time, compressed as browsers ask: ${await oneAtATime({ cookie })}`);
    console.log(
      `one at a time, uncompressed: ${await oneAtATime({ cookie, 'accept-encoding': 'identity' })}`,
    );
    const baseline = await openLoop(`${base}/api/ready`, {});
    const measured = await openLoop(pageUrl, { cookie });
    const line = (name: string, xs: number[]) =>
      `${name}: p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms (${xs.length} requests at ${RATE}/s)`;
    console.log(line('baseline GET /api/ready', baseline));
    console.log(line(`GET /api/v1/public/shares/{token} (${ITEMS} items)`, measured));
    const p95 = percentile(measured, 95);
    console.log(
      `goal p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'MET' : 'MISSED'} (${p95.toFixed(1)} ms)`,
    );
  } finally {
    await stop(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
