import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalKey } from '../../src/modules/items/renditions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant, makeUser } from '../support/factories.ts';
import { makeFolder } from '../support/items.ts';
import { freePort } from '../support/net.ts';
import { isolatedBackends, type IsolatedBackends } from './support/backends.ts';
import { client } from './support/client.ts';
import { makeRandomFile, sha256OfBlob } from './support/media-files.ts';
import { killGroup, killHard, sharedEnv, startChild, waitForHttp, type Child } from './support/processes.ts';
import { tusUpload } from './support/tus-upload.ts';

// The "done when": a 2 GiB upload survives kill -9 of the server and arrives byte for byte.
// The server is `main.api.ts` as a real process; the test's own app only arranges the tenant and
// user in the same database and reads the result.
const SIZE = 2 * 1024 ** 3;
const CHUNK = 64 * 1024 ** 2;

let t: TestApp;
let backends: IsolatedBackends;
let dir: string;
let source: string;
let sourceSha256: string;
const children: Child[] = [];
beforeAll(async () => {
  backends = await isolatedBackends(13);
  t = await createTestApp(backends.env);
  dir = await mkdtemp(path.join(tmpdir(), 'skald-upload-crash-test-'));
  source = path.join(dir, 'rushes.mxf');
  sourceSha256 = await makeRandomFile(source, SIZE);
}, 120_000);
afterAll(async () => {
  for (const child of children) {
    await killHard(child);
    killGroup(child);
  }
  await t.close();
  await backends.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<Child> {
  const server = startChild('main.api.ts', {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...sharedEnv(t.config),
    WORKER_IN_API: 'false',
    SEED_DEMO: 'false',
    ...backends.env,
  });
  children.push(server);
  await waitForHttp(server, `http://127.0.0.1:${port}/api/ready`);
  return server;
}

describe('a 2 GiB upload when the server is killed with SIGKILL half-way', () => {
  it(
    'resumes against the restarted server and stores the original byte for byte',
    // About 75 s alone; several times that when CI's other test files share the two processors.
    { timeout: 480_000 },
    async () => {
      const tt = await makeTenant(t);
      const user = await makeUser(t, tt, { permissions: ['item.create'] });
      const folderId = (await makeFolder(t, tt, 'Rushes')).id;
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await startServer(port);

      // Somewhere between 10 % and 90 %, usually inside a chunk's PATCH.
      const killAt = Math.floor(SIZE * (0.1 + 0.8 * Math.random()));
      let restart: Promise<string> | undefined;
      const { itemId, uploadUrl } = await tusUpload(source, {
        endpoint: `${base}/api/v1/uploads`,
        cookie: user.cookie,
        metadata: { filename: 'Rushes day 1.mxf', folderId },
        chunkSize: CHUNK,
        // The client retries the failed PATCH, asks the new server for the offset (HEAD) and goes on.
        retryDelays: Array.from({ length: 120 }, () => 250),
        onProgress: (sent) => {
          restart ??=
            sent >= killAt
              ? killHard(first).then(async (signal) => {
                  await startServer(port);
                  return signal;
                })
              : undefined;
        },
      });

      expect(restart, 'the server was never killed').toBeDefined();
      expect(await restart).toBe('SIGKILL');

      const item = await t.services.itemsService.get(tt.root, itemId);
      expect(item).toMatchObject({ title: 'Rushes day 1', folderId, owner: { id: user.id } });
      expect(item.versions).toMatchObject([{ filename: 'Rushes day 1.mxf', size: SIZE, isLeading: true }]);
      const stored = await sha256OfBlob(
        t.services.blobs,
        originalKey(tt.tenant.id, itemId, item.leadingVersionId ?? ''),
      );
      expect(stored, `killed at byte ${killAt}`).toBe(sourceSha256);

      // One upload, resumed — not a second one started from zero.
      const uploads = await client(base, user.cookie).json<{
        items: { id: string; state: string; offset: number; itemId: string | null }[];
      }>('/api/v1/uploads');
      expect(uploads.items).toEqual([
        expect.objectContaining({ id: uploadUrl.split('/').pop(), state: 'complete', offset: SIZE, itemId }),
      ]);
    },
  );
});
