import { z } from 'zod';
import type { FaceSettingsRow } from './persons.repository.ts';

/**
 * Spec §3 tenant config: face-match confidence and unknown-person registration, in percent. A
 * face matches a person when its similarity to one of the person's images reaches the confidence;
 * an unmatched face at least the minimum width (of the frame's) is registered: to the unknown
 * person it is at least the minimum similarity to, or as a new unknown person. A person keeps at
 * most the max images, each the face cut out with the zoom-out added on every side.
 */
export interface FaceSettings {
  matchConfidence: number;
  unknownMaxImages: number;
  unknownMinSimilarity: number;
  unknownMinFaceWidthPct: number;
  unknownZoomOutPct: number;
}

export const faceSettingsSchema = z
  .object({
    matchConfidence: z.number().int().min(1).max(100),
    unknownMaxImages: z.number().int().min(1).max(50),
    unknownMinSimilarity: z.number().int().min(1).max(100),
    unknownMinFaceWidthPct: z.number().int().min(0).max(100),
    unknownZoomOutPct: z.number().int().min(0).max(200),
  })
  .meta({ id: 'FaceSettings' });

/** Without a row: one person's faces in the engine's tests are 0.64–0.87 alike, others' ≤ 0.5. */
export const DEFAULT_FACE_SETTINGS: FaceSettings = {
  matchConfidence: 60,
  unknownMaxImages: 5,
  unknownMinSimilarity: 60,
  unknownMinFaceWidthPct: 3,
  unknownZoomOutPct: 20,
};

export const faceSettingsOf = (row: FaceSettingsRow | null): FaceSettings =>
  row === null
    ? DEFAULT_FACE_SETTINGS
    : {
        matchConfidence: row.match_confidence,
        unknownMaxImages: row.unknown_max_images,
        unknownMinSimilarity: row.unknown_min_similarity,
        unknownMinFaceWidthPct: row.unknown_min_face_width_pct,
        unknownZoomOutPct: row.unknown_zoom_out_pct,
      };

export const faceSettingsRow = (s: FaceSettings): FaceSettingsRow => ({
  match_confidence: s.matchConfidence,
  unknown_max_images: s.unknownMaxImages,
  unknown_min_similarity: s.unknownMinSimilarity,
  unknown_min_face_width_pct: s.unknownMinFaceWidthPct,
  unknown_zoom_out_pct: s.unknownZoomOutPct,
});
