import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropPicture } from '../src/media/crop.ts';
import type { ItemDto } from '../src/modules/items/items.presenter.ts';
import { originalKey } from '../src/modules/items/renditions.ts';
import { useTempFolder } from './media/fixtures.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { makeTenant, makeUser, type TestTenant, type TestUser } from './support/factories.ts';
import { makeItem } from './support/items.ts';
import { errorOf, fieldsOf } from './support/responses.ts';

// Spec §7 cropImage: real pictures cropped by sharp, the result read back with sharp.
let t: TestApp;
const root = useTempFolder();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** A 400×300 PNG: red on the left half, blue on the right. */
const halves = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: RED } })
    .composite([
      {
        input: { create: { width: 200, height: 300, channels: 3, background: BLUE } },
        left: 200,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>',
);

interface Scene {
  tt: TestTenant;
  editor: TestUser;
  picture: string;
}

async function scene(): Promise<Scene> {
  const tt = await makeTenant(t);
  const editor = await makeUser(t, tt, { permissions: ['item.create'] });
  const picture = await makeItem(t, tt, {
    ownerId: editor.id,
    title: 'Harbour',
    itemType: 'image',
    original: await halves(),
    filename: 'harbour.png',
  });
  return { tt, editor, picture };
}

const crop = (user: TestUser | undefined, id: string, body: object) =>
  t.call({ method: 'POST', url: `/api/v1/items/${id}/crop`, cookie: user?.cookie, body });

const mean = async (png: Buffer) => {
  const { channels } = await sharp(png).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
};

describe('cropping a picture into a new item (cropImage)', () => {
  it('crops the original to the area and answers the new item beside it as createdItem', async () => {
    const { tt, editor, picture } = await scene();
    const res = await crop(editor, picture, { crop: { x: 50, y: 10, width: 50, height: 50 } });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ createdItem: ItemDto }>().createdItem;
    const source = await t.services.itemsService.get(tt.root, picture);
    expect(created).toMatchObject({ title: 'Harbour (crop)', itemType: 'image', folderId: source.folderId });
    expect(created.id).not.toBe(picture);
    expect(created.versions[0]?.filename).toBe('Harbour (crop).png');
    const blob = await t.services.blobs.get(
      originalKey(tt.tenant.id, created.id, created.leadingVersionId ?? ''),
    );
    const bytes = blob ? await buffer(blob.body) : Buffer.alloc(0);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 150]);
    // The right half only: all blue.
    expect(await mean(bytes)).toEqual([BLUE.r, BLUE.g, BLUE.b]);
  });

  it('refuses SVG, a crop without its data, an area outside the picture and an item without its original', async () => {
    const { tt, editor, picture } = await scene();
    const svg = await makeItem(t, tt, {
      ownerId: editor.id,
      itemType: 'image',
      original: SVG,
      filename: 'logo.svg',
    });
    const vector = await crop(editor, svg, { crop: { x: 0, y: 0, width: 50, height: 50 } });
    expect(vector.statusCode).toBe(400);
    expect(errorOf(vector).message).toBe(MESSAGES.svgCropNotSupported);
    const missing = await crop(editor, picture, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(MESSAGES.saveCropFailed);
    expect(fieldsOf(missing)).toEqual(['crop']);
    const outside = await crop(editor, picture, { crop: { x: 60, y: 0, width: 50, height: 50 } });
    expect(outside.statusCode).toBe(400);
    expect(fieldsOf(outside)).toEqual(['crop']);
    const empty = await makeItem(t, tt, { ownerId: editor.id, itemType: 'image' });
    const noOriginal = await crop(editor, empty, { crop: { x: 0, y: 0, width: 50, height: 50 } });
    expect(noOriginal.statusCode).toBe(409);
    expect(errorOf(noOriginal).message).toBe(MESSAGES.noHighResImage);
    const clip = await makeItem(t, tt, { ownerId: editor.id, itemType: 'video', original: Buffer.from('x') });
    const video = await crop(editor, clip, { crop: { x: 0, y: 0, width: 50, height: 50 } });
    expect(errorOf(video).message).toBe(MESSAGES.cropOnlyPictures);
  });

  it('refuses a result over the export limit (spec §9: 100 MB), here lowered to 1 kB', async () => {
    const input = path.join(root(), 'noise.png');
    await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 200, height: 200, channels: 3 },
    })
      .png()
      .toFile(input);
    const area = { x: 0, y: 0, width: 100, height: 100 };
    await expect(cropPicture(input, path.join(root(), 'small'), area, 1024)).rejects.toThrow(
      MESSAGES.cropTooLarge,
    );
    const fits = await cropPicture(input, path.join(root(), 'fits'), area);
    expect(fits.rect).toEqual({ left: 0, top: 0, width: 200, height: 200 });
  });

  it('answers 401 without a session, 404 for another tenant’s item, 403 without item.create and 400 naming the field', async () => {
    const { tt, editor, picture } = await scene();
    const body = { crop: { x: 0, y: 0, width: 50, height: 50 } };
    expect((await crop(undefined, picture, body)).statusCode).toBe(401);
    const stranger = await makeUser(t, await makeTenant(t), {
      permissions: ['item.create'],
      roles: ['admin'],
    });
    expect((await crop(stranger, picture, body)).statusCode).toBe(404);
    const viewer = await makeUser(t, tt, { permissions: [] });
    expect((await crop(viewer, picture, body)).statusCode).toBe(403);
    const bad = await crop(editor, picture, { crop: { ...body.crop, width: 150 } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['crop.width']);
  });
});
