import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceSimilarity } from '../../src/media/analysis/face-similarity.ts';
import { parsePpm, VisionEngine, type Seen } from '../../src/media/analysis/vision.ts';
import { facePictures, firstOf, type FacePictures } from './face-pictures.ts';

// The vision engine (@vladmandic/human on the WebAssembly backend, in its worker thread) on real
// photographs from the package itself.
let dir: string;
let pictures: FacePictures;
const engine = new VisionEngine();
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skald-vision-'));
  pictures = await facePictures(dir);
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const look = (file: string, what: { faces: boolean; objects: boolean }): Promise<Seen> =>
  engine.look(file, { ...what, jobDir: dir, failureMessage: 'Person detection failed' });

const onlyFace = async (file: string) => {
  const seen = await look(file, { faces: true, objects: false });
  expect(seen.faces).toHaveLength(1);
  return firstOf(seen.faces);
};

describe('the vision engine', { timeout: 120_000 }, () => {
  it('finds the face in a photo: a box inside the photo’s face area, a 1024-d descriptor', async () => {
    const seen = await look(pictures.man, { faces: true, objects: false });
    expect([seen.width, seen.height]).toEqual([200, 200]);
    expect(seen.faces).toHaveLength(1);
    const [x, y, w, h] = firstOf(seen.faces).box;
    // The face fills the 100 px cut-out at 50–150, the grey margin around it holds none.
    expect(x).toBeGreaterThanOrEqual(40);
    expect(y).toBeGreaterThanOrEqual(40);
    expect(x + w).toBeLessThanOrEqual(160);
    expect(y + h).toBeLessThanOrEqual(160);
    expect(w).toBeGreaterThan(50);
    expect(h).toBeGreaterThan(50);
    expect(firstOf(seen.faces).score).toBeGreaterThan(0.5);
    expect(firstOf(seen.faces).descriptor).toHaveLength(1024);
    expect(seen.objects).toEqual([]);
  });

  it('matches one man in two photos, and not a woman', async () => {
    const man = await onlyFace(pictures.man);
    const again = await onlyFace(pictures.manAgain);
    const woman = await onlyFace(pictures.woman);
    expect(faceSimilarity(man.descriptor, man.descriptor)).toBe(1);
    expect(faceSimilarity(man.descriptor, again.descriptor)).toBeGreaterThan(0.7);
    expect(faceSimilarity(man.descriptor, woman.descriptor)).toBeLessThan(0.45);
    expect(faceSimilarity(again.descriptor, woman.descriptor)).toBeLessThan(0.45);
  });

  it('labels COCO objects: the man at the dinner table and his cup', async () => {
    const seen = await look(pictures.dinner, { faces: false, objects: true });
    expect(seen.faces).toEqual([]);
    const labels = seen.objects.map((o) => o.label);
    expect(labels).toContain('person');
    expect(labels).toContain('cup');
    const person = firstOf(seen.objects.filter((o) => o.label === 'person'));
    expect(person.score).toBeGreaterThan(0.4);
    // The man sits in the middle of the picture (210 × 158).
    expect(person.box[0] + person.box[2] / 2).toBeGreaterThan(60);
    expect(person.box[0] + person.box[2] / 2).toBeLessThan(160);
  });

  it('reads ffmpeg’s P6 pictures and refuses others', () => {
    const ppm = Buffer.concat([Buffer.from('P6\n2 1\n255\n'), Buffer.from([1, 2, 3, 4, 5, 6])]);
    expect(parsePpm(ppm)).toMatchObject({ width: 2, height: 1, pixels: new Uint8Array([1, 2, 3, 4, 5, 6]) });
    expect(() => parsePpm(Buffer.from('P5\n2 1\n255\n\x01\x02'))).toThrow();
    expect(() => parsePpm(ppm.subarray(0, ppm.length - 1))).toThrow();
  });
});
