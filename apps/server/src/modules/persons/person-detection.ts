import { MESSAGES } from '@skald/domain';
import type { AnalysisMomentRow } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import type { FoundFace } from '../../media/analysis/vision.ts';
import { blobKey, parseBlobKey, type BlobKey } from '../../storage/blob-key.ts';
import {
  boxFractions,
  eachFrame,
  type Analyzer,
  type AnalysisRun,
  type AnalyzerDeps,
  type Frame,
} from '../analysis/analyzers.ts';
import { momentRow } from '../analysis/moment-rows.ts';
import { cutOut } from './face-cut-out.ts';
import { faceSettingsOf, type FaceSettings } from './face-settings.ts';
import { judgeFace, storedDescriptor } from './face-matching.ts';
import type { GalleryFace, PersonFaceRow } from './face-registry.ts';

type FaceKind = 'face' | 'celebrity';

/** A person image: a face cut out of a frame, under the version it was found in. */
const personImageKey = (run: AnalysisRun, faceId: string) =>
  blobKey(run.tenantId, 'items', run.itemId, 'versions', run.versionId, 'analysis', 'faces', `${faceId}-jpg`);

interface Found {
  moment: AnalysisMomentRow;
  face: PersonFaceRow;
}

/**
 * Faces in the picture or each shot's keyframe, matched against the tenant's persons (person
 * detection; unmatched faces are registered as unknown persons) or its public figures (celebrity
 * detection: no celebrity model exists offline, the tenant curates the gallery). Each face is a
 * moment (text: the person's name, null while unknown) and a row of person_faces with its
 * descriptor; a person's first faces (up to the max images) are cut out as their images.
 */
async function detectFaces(d: AnalyzerDeps, run: AnalysisRun, kind: FaceKind): Promise<void> {
  const celebrity = kind === 'celebrity';
  const settings: FaceSettings = faceSettingsOf(await d.persons.settings(run.tenantId));
  // Faces a rerun replaces are not the gallery's any more: the gallery is read without them.
  const gallery: GalleryFace[] = (await d.persons.gallery(run.tenantId, celebrity)).filter(
    (f) => f.itemId !== run.itemId || f.kind !== kind,
  );
  const images = await d.persons.imageCounts(run.tenantId, { except: { itemId: run.itemId, kind } });
  const failureMessage = celebrity ? MESSAGES.celebrityDetectionFailed : MESSAGES.personDetectionFailed;

  const found = await eachFrame(run, async (frame) => {
    const seen = await d.vision.look(frame.file, {
      faces: true,
      objects: false,
      jobDir: run.jobDir,
      ...(frame.inputFile ? { inputFile: frame.inputFile } : {}),
      signal: run.signal,
      failureMessage,
    });
    const out: Found[] = [];
    for (const face of seen.faces) {
      const one = await placeFace(
        d,
        run,
        kind,
        { frame, face, width: seen.width, height: seen.height },
        {
          settings,
          gallery,
          images,
        },
      );
      if (one) out.push(one);
    }
    return out;
  });

  await d.moments.replace(
    run.tenantId,
    run.itemId,
    kind,
    found.map((f) => f.moment),
  );
  const replaced = await d.persons.replaceFaces(
    run.tenantId,
    run.itemId,
    kind,
    found.map((f) => f.face),
  );
  const kept = new Set(found.map((f) => f.face.image_key));
  for (const key of replaced)
    if (!kept.has(key)) await d.blobs.delete(parseBlobKey(key)).catch(() => undefined);
}

/** One face: who it is (registering a new unknown person), its moment and its row. */
async function placeFace(
  d: AnalyzerDeps,
  run: AnalysisRun,
  kind: FaceKind,
  at: { frame: Frame; face: FoundFace; width: number; height: number },
  state: { settings: FaceSettings; gallery: GalleryFace[]; images: Map<string, number> },
): Promise<Found | null> {
  const { frame, face } = at;
  const box = boxFractions(face.box, at.width, at.height);
  const widthPct = Math.round(box.width * 100);
  const verdict = judgeFace(face.descriptor, widthPct, state.gallery, state.settings, kind === 'face');
  if (kind === 'celebrity' && verdict.kind !== 'person') return null;
  let personId: string | null = null;
  let name: string | null = null;
  if (verdict.kind === 'person') {
    personId = verdict.personId;
    name = verdict.name;
  } else if (verdict.kind === 'new') {
    personId = newId();
    await d.persons.create(run.tenantId, personId, { name: null, unknown: true });
  }
  const momentId = newId();
  const faceId = newId();
  let imageKey: BlobKey | null = null;
  const count = personId === null ? 0 : (state.images.get(personId) ?? 0);
  if (
    personId !== null &&
    count < state.settings.unknownMaxImages &&
    widthPct >= state.settings.unknownMinFaceWidthPct
  ) {
    const file = await cutOut(
      { jobDir: run.jobDir, file: frame.file, inputFile: frame.inputFile, signal: run.signal },
      box,
      state.settings.unknownZoomOutPct,
      `face-${faceId}`,
    );
    imageKey = personImageKey(run, faceId);
    await d.blobs.putFile(imageKey, file, { move: true, contentType: 'image/jpeg' });
    state.images.set(personId, count + 1);
    // The face joins the gallery: the next faces of this run match it too (a cluster grows).
    state.gallery.push({
      personId,
      name,
      unknown: verdict.kind === 'new' || (verdict.kind === 'person' && verdict.name === null),
      descriptor: face.descriptor,
      itemId: run.itemId,
      kind,
    });
  }
  const score = verdict.kind === 'person' ? verdict.similarity : Math.round(face.score * 100);
  return {
    moment: momentRow(
      run,
      {
        kind,
        start_ms: frame.startMs,
        end_ms: frame.endMs,
        text: name,
        score,
        box: JSON.stringify(box),
      },
      momentId,
    ),
    face: {
      id: faceId,
      tenant_id: run.tenantId,
      person_id: personId,
      item_id: run.itemId,
      moment_id: momentId,
      kind,
      start_ms: frame.startMs,
      descriptor: storedDescriptor(face.descriptor),
      width_pct: widthPct,
      image_key: imageKey,
      created_at: nowIso(),
    },
  };
}

export const personDetection: Analyzer = (d, run) => detectFaces(d, run, 'face');
export const celebrityDetection: Analyzer = (d, run) => detectFaces(d, run, 'celebrity');
