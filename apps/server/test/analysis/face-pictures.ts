import { createRequire } from 'node:module';
import path from 'node:path';
import { ffmpeg } from '../media/fixtures.ts';

// Real photographs shipped inside @vladmandic/human (its assets/ folder): the face-match demo's
// screenshot, whose first row holds faces of one man from different photos and whose second row
// holds other people, and the samples strip (a man at a dinner table, a woman). Cut out by ffmpeg,
// each face with a grey margin so the detector sees it whole.
const assets = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))),
  'assets',
);
const FACEMATCH = path.join(assets, 'screenshot-facematch.jpg');
const SAMPLES = path.join(assets, 'samples.jpg');

const cut = (source: string, crop: string, pad: string, out: string) =>
  ffmpeg(['-i', source, '-vf', `crop=${crop}${pad ? `,pad=${pad}:gray` : ''}`, '-frames:v', '1', out]);

export interface FacePictures {
  /** The man, from one photo, and from another photo of him. */
  man: string;
  manAgain: string;
  /** A woman: another person. */
  woman: string;
  /** The man at a dinner table with a cup (COCO: person, cup). */
  dinner: string;
}

/** Writes the pictures into `dir` as PNG (the face in each lies within the grey margin: 50–150). */
export async function facePictures(dir: string): Promise<FacePictures> {
  const p = (name: string) => path.join(dir, `${name}.png`);
  await cut(FACEMATCH, '100:100:3:285', '200:200:50:50', p('man'));
  await cut(FACEMATCH, '100:100:110:285', '200:200:50:50', p('man-again'));
  await cut(FACEMATCH, '100:100:645:395', '200:200:50:50', p('woman'));
  await cut(SAMPLES, '210:158:327:0', '', p('dinner'));
  return { man: p('man'), manAgain: p('man-again'), woman: p('woman'), dinner: p('dinner') };
}

/** The first of a list the test expects not to be empty (fails the test otherwise). */
export function firstOf<T>(list: readonly T[]): T {
  const [first] = list;
  if (first === undefined) throw new Error('expected at least one');
  return first;
}
