import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/media/document.ts';
import { renderImage } from '../../src/media/image.ts';
import {
  expectMediaError,
  ffmpeg,
  heifEnc,
  jobFolder,
  pngClaiming,
  twoColourPdf,
  useTempFolder,
} from './fixtures.ts';

const root = useTempFolder();

/** A picture whose left half is red and right half blue, so a turn shows where the colours went. */
function halves(width: number, height: number): Sharp {
  const half = { width: width / 2, height, channels: 3 as const };
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: { create: { ...half, background: '#0000ff' } }, left: width / 2, top: 0 },
  ]);
}

async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

describe('renderImage', () => {
  it('writes a WebP preview inside 1920 and a thumbnail inside 320, never enlarging', async () => {
    const input = path.join(root(), 'landscape.png');
    await halves(2400, 1600).png().toFile(input);
    const small = path.join(root(), 'small.png');
    await halves(200, 100).png().toFile(small);
    const dir = await jobFolder(root());
    const smallDir = await jobFolder(root());

    const result = await renderImage(input, dir);
    await renderImage(small, smallDir);

    expect(result).toEqual({
      files: ['preview.webp', 'thumbnail.webp'],
      preview: 'preview.webp',
      thumbnail: 'thumbnail.webp',
      width: 2400,
      height: 1600,
      format: 'png',
      colorSpace: 'srgb',
      exif: null,
    });
    expect(await sharp(path.join(dir, 'preview.webp')).metadata()).toMatchObject({
      format: 'webp',
      width: 1920,
      height: 1280,
    });
    expect(await sharp(path.join(dir, 'thumbnail.webp')).metadata()).toMatchObject({
      width: 320,
      height: 213,
    });
    expect(await sharp(path.join(smallDir, 'preview.webp')).metadata()).toMatchObject({
      width: 200,
      height: 100,
    });
  });

  it.each([
    ['a CMYK JPEG', 'print.jpg', (image: Sharp) => image.toColourspace('cmyk').jpeg(), 'jpg', 'cmyk'],
    ['a greyscale PNG', 'scan.png', (image: Sharp) => image.toColourspace('b-w').png(), 'png', 'b-w'],
    ['a WebP', 'web.webp', (image: Sharp) => image.webp(), 'webp', 'srgb'],
  ])('reads the format and colour space of %s', async (_case, name, encode, format, colorSpace) => {
    const input = path.join(root(), name);
    await encode(halves(64, 32)).toFile(input);
    expect(await renderImage(input, await jobFolder(root()))).toMatchObject({ format, colorSpace });
  });

  it('turns a photo upright by its EXIF orientation and returns its EXIF', async () => {
    // Stored 80×40 (red left, blue right) with orientation 6: shown turned 90° clockwise.
    const input = path.join(root(), 'camera.jpg');
    await halves(80, 40)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Skald Camera' }, IFD2: { DateTimeOriginal: '2024:05:17 12:34:56' } })
      .toFile(input);
    const dir = await jobFolder(root());

    const result = await renderImage(input, dir);

    expect(result).toMatchObject({ width: 40, height: 80 });
    expect(result.exif).toMatchObject({
      Make: 'Skald Camera',
      Orientation: 'Rotate 90 CW',
      DateTimeOriginal: '2024:05:17 12:34:56',
    });
    expect(JSON.parse(JSON.stringify(result.exif))).toEqual(result.exif);
    const preview = path.join(dir, 'preview.webp');
    expect(await sharp(preview).metadata()).toMatchObject({ width: 40, height: 80 });
    // Turned clockwise, the red left half is now on top.
    const [red = 0, , blue = 0] = await pixel(preview, 20, 10);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
  });

  it('rasterises an SVG at the preview size', async () => {
    const input = path.join(root(), 'logo.svg');
    await writeFile(
      input,
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">' +
        '<rect width="20" height="20" fill="#00ff00"/><rect x="20" width="20" height="20" fill="#0000ff"/></svg>',
    );
    const dir = await jobFolder(root());

    const result = await renderImage(input, dir);

    expect(result).toMatchObject({ width: 40, height: 20, exif: null });
    const preview = path.join(dir, 'preview.webp');
    expect(await sharp(preview).metadata()).toMatchObject({ width: 1920, height: 960 });
    const [red = 0, green = 0] = await pixel(preview, 100, 100);
    expect(green).toBeGreaterThan(200);
    expect(red).toBeLessThan(60);
  });

  it('decodes a format sharp cannot read (BMP) with ffmpeg first, and leaves only the renditions', async () => {
    const input = path.join(root(), 'scan.bmp');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x48',
      '-frames:v',
      '1',
      '-c:v',
      'bmp',
      '-f',
      'image2',
      input,
    ]);
    const dir = await jobFolder(root());

    const result = await renderImage(input, dir);

    expect(result).toMatchObject({ width: 64, height: 48, exif: null });
    expect(await sharp(path.join(dir, 'preview.webp')).metadata()).toMatchObject({ width: 64, height: 48 });
    expect((await readdir(dir)).sort()).toEqual(['preview.webp', 'thumbnail.webp']);
  });

  it('decodes an iPhone HEIC with libheif first, from its primary picture', async () => {
    const red = path.join(root(), 'red.png');
    const blue = path.join(root(), 'blue.png');
    await halves(80, 40).toFile(red);
    await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0000ff' } }).toFile(blue);
    const input = path.join(root(), 'IMG_0001.HEIC');
    // Two pictures in one file (as a burst); heif-enc makes the first the primary.
    await heifEnc(['--quality', '90', red, blue, '-o', input]);
    const dir = await jobFolder(root());

    const result = await renderImage(input, dir);

    expect(result).toMatchObject({ width: 80, height: 40 });
    const preview = path.join(dir, 'preview.webp');
    expect(await sharp(preview).metadata()).toMatchObject({ width: 80, height: 40 });
    const [r = 0, , b = 0] = await pixel(preview, 10, 20);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    expect((await readdir(dir)).sort()).toEqual(['preview.webp', 'thumbnail.webp']);
  });

  it.each([
    ['wider than 16384 pixels', 16_400, 8],
    ['over 100 megapixels', 12_000, 9_000],
  ])('refuses a picture %s before decoding it', async (_what, width, height) => {
    const input = path.join(root(), `big-${width}.png`);
    await writeFile(input, pngClaiming(width, height));
    const dir = await jobFolder(root());

    const error = await expectMediaError(renderImage(input, dir), MESSAGES.pictureTooLarge);
    expect(error.detail).toBe(`${width}×${height}; the limit is 16384 pixels a side and 100 megapixels`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a file that is no picture', async () => {
    const input = path.join(root(), 'notes.jpg');
    await writeFile(input, 'not a picture at all');

    await expectMediaError(renderImage(input, await jobFolder(root())), 'This picture could not be read');
  });
});

describe('renderDocument', () => {
  it("draws a PDF's first page as the preview and the thumbnail", async () => {
    const input = path.join(root(), 'brief.pdf');
    await writeFile(input, twoColourPdf());
    const dir = await jobFolder(root());

    const result = await renderDocument(input, dir);

    expect(result).toEqual({
      files: ['preview.webp', 'thumbnail.webp'],
      preview: 'preview.webp',
      thumbnail: 'thumbnail.webp',
    });
    const preview = path.join(dir, 'preview.webp');
    const { width, height } = await sharp(preview).metadata();
    // poppler rounds the page's other side up: 200×100 pt at 1920 wide is 961 pixels high.
    expect([width, Math.abs(height - 960) <= 1]).toEqual([1920, true]);
    const [leftRed = 0, , leftBlue = 0] = await pixel(preview, 100, 480);
    const [rightRed = 0, , rightBlue = 0] = await pixel(preview, 1800, 480);
    expect([leftRed > 200, leftBlue < 60, rightRed < 60, rightBlue > 200]).toEqual([true, true, true, true]);
    expect((await readdir(dir)).sort()).toEqual(['preview.webp', 'thumbnail.webp']);
  });

  it.each([
    ['a damaged PDF', 'broken.pdf', () => twoColourPdf().subarray(0, 60)],
    ['a text document', 'notes.txt', () => Buffer.from('Minutes of the morning meeting.\n')],
  ])('writes nothing for %s, so the placeholder is shown', async (_what, name, content) => {
    const input = path.join(root(), name);
    await writeFile(input, content());
    const dir = await jobFolder(root());

    expect(await renderDocument(input, dir)).toEqual({ files: [] });
    expect(await readdir(dir)).toEqual([]);
  });
});
