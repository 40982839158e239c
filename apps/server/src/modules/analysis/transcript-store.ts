import type { TranscriptSegment } from '@skald/domain';
import type { AnalysisRepository } from './analysis.repository.ts';
import { momentRow, type MomentPlace } from './moment-rows.ts';
import type { TranscriptRevisionsRepository } from './transcript-revisions.repository.ts';

export interface TranscriptStoreDeps {
  moments: Pick<AnalysisRepository, 'replace'>;
  revisions: Pick<TranscriptRevisionsRepository, 'add'>;
}

export interface TranscriptWrite {
  source: 'transcription' | 'edit';
  language: string;
  provider: string | null;
  createdBy: string | null;
  segments: TranscriptSegment[];
}

const meanConfidence = (s: TranscriptSegment) =>
  Math.round(s.words.reduce((sum, w) => sum + w.confidence, 0) / Math.max(1, s.words.length));

/**
 * Keeps a transcript as the item's next revision (the earlier ones stay readable) and makes it the
 * item's speech moments, which the Transcript tab, captions and moment search read. Answers the
 * revision's number.
 */
export async function storeTranscript(
  d: TranscriptStoreDeps,
  place: MomentPlace,
  t: TranscriptWrite,
): Promise<number> {
  const revision = await d.revisions.add({
    tenant_id: place.tenantId,
    item_id: place.itemId,
    source: t.source,
    language: t.language,
    provider: t.provider,
    segments: JSON.stringify(t.segments),
    created_by: t.createdBy,
  });
  await d.moments.replace(
    place.tenantId,
    place.itemId,
    'speech',
    t.segments.map((s) =>
      momentRow(place, {
        kind: 'speech',
        start_ms: s.startMs,
        end_ms: s.endMs,
        text: s.text,
        score: meanConfidence(s),
        words: JSON.stringify(s.words),
        language: t.language,
        provider: t.provider,
      }),
    ),
  );
  return revision;
}
