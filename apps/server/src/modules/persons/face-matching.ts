import { faceSimilarity } from '../../media/analysis/face-similarity.ts';
import type { FaceSettings } from './face-settings.ts';
import type { GalleryFace } from './face-registry.ts';

/** Who a face is: a person of the gallery, a new unknown person to register, or no one. */
export type FaceVerdict =
  | { kind: 'person'; personId: string; name: string | null; similarity: number }
  | { kind: 'new' }
  | { kind: 'none' };

/** The gallery face most like `descriptor`, with its similarity in percent. */
export function bestMatch(
  descriptor: readonly number[],
  gallery: readonly GalleryFace[],
): { face: GalleryFace; similarity: number } | null {
  let best: { face: GalleryFace; similarity: number } | null = null;
  for (const face of gallery) {
    const similarity = Math.round(faceSimilarity(descriptor, face.descriptor) * 100);
    if (!best || similarity > best.similarity) best = { face, similarity };
  }
  return best;
}

/**
 * A named person matches at the face-match confidence; an unknown one (a cluster of unmatched
 * faces) at the minimum similarity. Otherwise a face wide enough registers a new unknown person
 * when `register` (person detection; celebrity detection only matches its gallery).
 */
export function judgeFace(
  descriptor: readonly number[],
  widthPct: number,
  gallery: readonly GalleryFace[],
  settings: FaceSettings,
  register: boolean,
): FaceVerdict {
  const best = bestMatch(descriptor, gallery);
  if (best) {
    const needed = best.face.unknown ? settings.unknownMinSimilarity : settings.matchConfidence;
    if (best.similarity >= needed) {
      return {
        kind: 'person',
        personId: best.face.personId,
        name: best.face.unknown ? null : best.face.name,
        similarity: best.similarity,
      };
    }
  }
  return register && widthPct >= settings.unknownMinFaceWidthPct ? { kind: 'new' } : { kind: 'none' };
}

/** A descriptor as person_faces keeps it: JSON, six decimals (a third of the text, the same matches). */
export const storedDescriptor = (descriptor: readonly number[]): string =>
  JSON.stringify(descriptor.map((n) => Math.round(n * 1e6) / 1e6));
