import { ANALYSIS_KINDS } from '@skald/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeTenant } from '../support/factories.ts';
import { makeItem } from '../support/items.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the processing states', () => {
  it.each(ANALYSIS_KINDS)('sets the %s state of an item, which the item shows', async (kind) => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id });
    await t.services.processingService.setState(kind, tt.tenant.id, id, {
      state: 'error',
      progress: 0,
      errorMessage: 'The engine refused the file',
    });
    const item = await t.services.itemsService.get(tt.root, id);
    expect(item[kind]).toEqual({
      state: 'error',
      enabled: true,
      progress: 0,
      errorMessage: 'The engine refused the file',
    });
  });

  it('keeps one state per item and kind, and another tenant never sees it', async () => {
    const tt = await makeTenant(t);
    const other = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id });
    for (const progress of [10, 60]) {
      await t.services.processingService.setState('transcription', tt.tenant.id, id, {
        state: 'progressing',
        progress,
        errorMessage: null,
      });
    }
    const rows = await t.services.processingService.statesOf(tt.tenant.id, [id]);
    expect(rows.map((r) => [r.kind, r.progress])).toEqual([['transcription', 60]]);
    expect(await t.services.processingService.statesOf(other.tenant.id, [id])).toEqual([]);
  });

  it('goes with the item when it is deleted for good', async () => {
    const tt = await makeTenant(t);
    const id = await makeItem(t, tt, { ownerId: tt.root.user.id });
    await t.services.processingService.setState('labelDetection', tt.tenant.id, id, {
      state: 'complete',
      progress: 100,
      errorMessage: null,
    });
    await t.services.itemsService.delete(tt.root, id);
    await t.services.itemsService.deletePermanently(tt.root, id);
    expect(await t.services.processingService.statesOf(tt.tenant.id, [id])).toEqual([]);
  });
});
