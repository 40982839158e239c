import { link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaProbe } from '../../apps/server/src/media/probe.ts';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { nowIso } from '../../apps/server/src/lib/time.ts';
import { ExifApplier } from '../../apps/server/src/modules/exif-mappings/exif-applier.ts';
import { ExifMappingsRepository } from '../../apps/server/src/modules/exif-mappings/exif-mappings.repository.ts';
import { ItemMetadataRepository } from '../../apps/server/src/modules/items/item-metadata.repository.ts';
import { originalKey } from '../../apps/server/src/modules/items/renditions.ts';
import { RENDER_JOB, runRenderJob } from '../../apps/server/src/modules/processing/render-job.ts';
import { RendersRepository } from '../../apps/server/src/modules/rendering/renders.repository.ts';
import { benchVideoItem, openBenchTenant } from './bench-tenant.ts';

/**
 * The whole-item render route's service (`RendersService.whole`) on a real embedded app under
 * `dataDir`, with `source` as a processed item's original (hard-linked into the blob store, so its
 * pages are the source's): `render(recipe)` asks for the render through the built-in preset and
 * answers how long until the render job had handed the new item its file. Only the render job runs here:
 * the new item's own transcoding (proxy, HLS) waits in the queue, as it is not the route's.
 */
export async function renderRoute(dataDir: string, source: string, probe: MediaProbe) {
  const bench = await openBenchTenant(dataDir, {
    email: 'render@bench.test',
    name: 'Render bench',
    password: 'bench-password-0123',
    permissions: ['analytics.subclip', 'item.create'],
  });
  const { services, db, tenant } = bench;
  const items = services.itemsRepository;
  await services.queue.process(RENDER_JOB, (job) =>
    runRenderJob(
      {
        items,
        blobs: services.blobs,
        processing: services.processingService,
        exif: new ExifApplier({
          mappings: new ExifMappingsRepository(db),
          forms: services.formsService,
          metadata: new ItemMetadataRepository(db),
          items,
        }),
        workDir: path.join(dataDir, 'work'),
        log: services.log,
        renders: new RendersRepository(db),
        intake: services.itemIntake,
        exportNames: services.tenantsRepository,
      },
      job,
    ),
  );
  const sourceId = newId();
  const versionId = newId();
  const at = nowIso();
  await items.transaction(async (trx) => {
    await items.insert(trx, benchVideoItem(bench, sourceId, 'Large source', at));
    await items.insertVersion(trx, {
      id: versionId,
      tenant_id: tenant.id,
      item_id: sourceId,
      number: 1,
      filename: 'large.mp4',
      size: probe.size,
      sha256: null,
      mime_type: 'video/mp4',
      item_type: 'video',
      technical: JSON.stringify(probe),
      renditions: JSON.stringify({}),
      created_by: bench.user.id,
      created_at: at,
    });
    await items.update(trx, tenant.id, sourceId, { leading_version_id: versionId, file_name: 'large.mp4' });
  });
  const original = services.blobs.localPath(originalKey(tenant.id, sourceId, versionId));
  if (original === undefined) throw new Error('the bench needs the local blob store');
  await mkdir(path.dirname(original), { recursive: true });
  await link(source, original);
  const caller = await services.identityLoader.load(tenant.id, bench.user.id);
  if (!caller) throw new Error('no identity for the bench user');
  const presets = await services.presetsService.list(caller);

  return {
    /** Seconds from the service call to the new item's file in the store; the file goes afterwards. */
    async render(presetId: 'rewrap-mov' | 'rewrap-mxf'): Promise<number> {
      const preset = presets.items.find((p) => p.presetId === presetId);
      if (!preset) throw new Error(`no preset ${presetId}`);
      const start = performance.now();
      const { item } = await services.rendersService.whole(caller, sourceId, { presetId: preset.id });
      for (let polls = 1; ; polls++) {
        const made = await items.byId(tenant.id, item.id);
        if (made?.leading_version_id) {
          const seconds = (performance.now() - start) / 1000;
          await services.blobs.delete(originalKey(tenant.id, item.id, made.leading_version_id));
          return seconds;
        }
        if (polls % 100 === 0) {
          const { transcoding } = await services.itemsService.get(caller, item.id);
          if (transcoding.state === 'error')
            throw new Error(`the render failed: ${transcoding.errorMessage ?? ''}`);
        }
        await sleep(5);
      }
    },
    async close(): Promise<void> {
      await services.queue.close();
      await bench.close();
    },
  };
}
