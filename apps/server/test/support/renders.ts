import type { Preset } from '@skald/domain';
import { expect } from 'vitest';
import type { ItemDto } from '../../src/modules/items/items.presenter.ts';
import { waitFor } from '../durability/support/wait.ts';
import type { TestApp } from './app.ts';
import type { TestTenant, TestUser } from './factories.ts';
import { makeItem } from './items.ts';

/** Waits for the item's transcoding to settle (complete or error) and answers the item. */
export const settledItem = (t: TestApp, tt: TestTenant, id: string, timeoutMs = 90_000): Promise<ItemDto> =>
  waitFor(
    async () => {
      const item = await t.services.itemsService.get(tt.root, id);
      return item.transcoding.state === 'complete' || item.transcoding.state === 'error' ? item : undefined;
    },
    'the transcoding to settle',
    timeoutMs,
    200,
  );

/** A video item from `original`, processed by the real pipeline as an upload is. */
export async function processedVideo(t: TestApp, tt: TestTenant, original: Buffer): Promise<string> {
  const id = await makeItem(t, tt, { ownerId: tt.root.user.id, original, filename: 'source.mp4' });
  const item = await t.services.itemsService.get(tt.root, id);
  await t.services.processingService.start(
    'transcoding',
    tt.tenant.id,
    id,
    item.leadingVersionId ?? '',
    null,
  );
  expect((await settledItem(t, tt, id)).transcoding.state).toBe('complete');
  return id;
}

/** A preset of the tenant by its preset ID, as the user reads it. */
export async function presetNamed(t: TestApp, user: TestUser, presetId: string): Promise<Preset> {
  const res = await t.call({ method: 'GET', url: '/api/v1/presets', cookie: user.cookie });
  const preset = res.json<{ items: Preset[] }>().items.find((p) => p.presetId === presetId);
  if (!preset) throw new Error(`no preset ${presetId}`);
  return preset;
}
