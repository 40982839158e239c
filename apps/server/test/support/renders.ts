import { MESSAGES, formatMessage, type ItemMetadata, type Preset } from '@skald/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { waitFor } from '../durability/support/wait.ts';
import type { TestApp } from './app.ts';
import { errorOf } from './responses.ts';
import type { TestTenant, TestUser } from './factories.ts';
import { makeItem } from './items.ts';

/** Helpers of the render tests (subclips, sequences, virtual clips): real sources, real renders. */
export function renderHelpers(app: () => TestApp) {
  const itemOf = (tt: TestTenant, id: string) => app().services.itemsService.get(tt.root, id);

  /** Waits for the item's transcoding to settle (complete or error) and answers the item. */
  const settled = (tt: TestTenant, id: string, timeoutMs = 90_000) =>
    waitFor(
      async () => {
        const item = await itemOf(tt, id);
        return item.transcoding.state === 'complete' || item.transcoding.state === 'error' ? item : undefined;
      },
      'the transcoding to settle',
      timeoutMs,
      200,
    );

  /** A video item from `original`, processed by the real pipeline as an upload is. */
  async function processedSource(
    tt: TestTenant,
    original: Buffer,
    options: { title?: string; itemType?: 'video' | 'audio' } = {},
  ): Promise<string> {
    const t = app();
    const id = await makeItem(t, tt, {
      ownerId: tt.root.user.id,
      original,
      filename: 'source.mp4',
      ...options,
    });
    const item = await itemOf(tt, id);
    await t.services.processingService.start(
      'transcoding',
      tt.tenant.id,
      id,
      item.leadingVersionId ?? '',
      null,
    );
    expect((await settled(tt, id)).transcoding.state).toBe('complete');
    return id;
  }

  async function presetOf(user: TestUser, presetId: string): Promise<Preset> {
    const res = await app().call({ method: 'GET', url: '/api/v1/presets', cookie: user.cookie });
    const preset = res.json<{ items: Preset[] }>().items.find((p) => p.presetId === presetId);
    if (!preset) throw new Error(`no preset ${presetId}`);
    return preset;
  }

  /** A Rights form whose usage rule ended yesterday (spec §3 usage rule groups). */
  async function expiredRightsForm(admin: TestUser): Promise<void> {
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
    const form = await app().call({
      method: 'POST',
      url: '/api/v1/forms',
      cookie: admin.cookie,
      body: {
        id: 'rights',
        label: 'Rights',
        active: true,
        fields: [{ fieldId: 'holder', label: 'Holder', type: 'Text' }],
        usageRules: [
          {
            identifier: { key: 'web', label: 'Web' },
            contexts: [
              {
                name: 'Online',
                validity: {
                  from: { offsetFrom: 'forever' },
                  to: { offsetFrom: 'absolute', absoluteDate: yesterday },
                },
                warningLevel: 'upon_expiry',
              },
            ],
          },
        ],
      },
    });
    expect(form.statusCode).toBe(201);
  }

  /**
   * A processed source outside its usage rights: the tenant's Rights form expired yesterday
   * (made by `admin`) and the source holds a value of it, which what is made of it inherits.
   */
  async function licensedSource(tt: TestTenant, admin: TestUser, original: Buffer): Promise<string> {
    await expiredRightsForm(admin);
    const id = await processedSource(tt, original, { title: 'Licensed' });
    const values = await app().call({
      method: 'PATCH',
      url: `/api/v1/items/${id}/metadata`,
      cookie: admin.cookie,
      body: { forms: { rights: { holder: 'NTB' } } },
    });
    expect(values.statusCode).toBe(200);
    return id;
  }

  /** The render's answer is the rights question: 409 on confirmRights, naming one source. */
  function expectRightsQuestion(res: LightMyRequestResponse): void {
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      message: formatMessage(MESSAGES.renderRightsExpired, { count: 1 }),
      details: [{ field: 'confirmRights' }],
    });
  }

  /** The values of the Rights form the item holds (inherited from a licensed source). */
  async function rightsOf(admin: TestUser, itemId: string): Promise<unknown> {
    const res = await app().call({
      method: 'GET',
      url: `/api/v1/items/${itemId}/metadata`,
      cookie: admin.cookie,
    });
    return res.json<{ values: ItemMetadata }>().values.rights;
  }

  return {
    itemOf,
    settled,
    processedSource,
    presetOf,
    expiredRightsForm,
    licensedSource,
    expectRightsQuestion,
    rightsOf,
  };
}
