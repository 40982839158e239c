import { checkUpdatable, MESSAGES, type TranscriptSegment } from '@skald/domain';
import type { AnalysisMomentRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import { AppError, badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { AnalysisRepository } from './analysis.repository.ts';
import { captions, type CaptionFormat } from './captions.ts';
import type { TranscriptRevisionsRepository } from './transcript-revisions.repository.ts';
import { storeTranscript } from './transcript-store.ts';
import { alignWords, type TimedWord } from './transcript-words.ts';

interface Deps {
  moments: AnalysisRepository;
  revisions: TranscriptRevisionsRepository;
  items: Pick<ItemsService, 'visible'>;
}

/** An utterance as a user writes it: its times and text; the words' times come from the earlier ones. */
export interface EditedSegment {
  startMs: number;
  endMs: number;
  text: string;
}

export interface TranscriptRevisionDto {
  revision: number;
  source: 'transcription' | 'edit';
  language: string;
  provider: string | null;
  createdAt: string;
  createdBy: string | null;
}

export interface TranslatedTextDto {
  language: string;
  provider: string | null;
  segments: TranscriptSegment[];
}

const segmentOf = (row: AnalysisMomentRow): TranscriptSegment => ({
  startMs: row.start_ms,
  endMs: row.end_ms,
  text: row.text ?? '',
  words: row.words === null ? [] : (JSON.parse(row.words) as TimedWord[]),
});

const revisionDto = (row: {
  revision: number;
  source: string;
  language: string;
  provider: string | null;
  created_at: string;
  created_by_name?: string | null;
}): TranscriptRevisionDto => ({
  revision: row.revision,
  source: row.source === 'edit' ? 'edit' : 'transcription',
  language: row.language,
  provider: row.provider,
  createdAt: row.created_at,
  createdBy: row.created_by_name ?? null,
});

/**
 * The transcript as users work with it (issue 14 §3): edits with item.updateTranscript kept as
 * revisions, the earlier ones readable; captions (WebVTT, SubRip) of the transcript or of a
 * translation; the translations for the Translation tab.
 */
export class TranscriptService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /**
   * Stores the edited utterances as the next revision and the item's transcript. A word the edit
   * kept keeps its times; new words share the time around them (spec: time-coded words).
   */
  async update(
    caller: Identity,
    itemId: string,
    edit: { language: string; segments: EditedSegment[] },
  ): Promise<TranscriptRevisionDto & { segments: TranscriptSegment[] }> {
    const { item, guarded } = await this.#d.items.visible(caller, itemId);
    if (checkUpdatable(caller.principal, guarded) !== 'allowed')
      throw forbidden('You may not change this item');
    if (item.leading_version_id === null) throw new AppError('bad_request', MESSAGES.analysisNoMedia);
    edit.segments.forEach((s, i) => {
      if (s.endMs < s.startMs) throw badField(`segments.${i}.endMs`, 'must not be before startMs');
    });
    const tenantId = caller.tenant.id;
    const earlier = new Map(
      (await this.#d.moments.list(tenantId, itemId, 'speech')).map((r) => [
        `${r.start_ms}-${r.end_ms}`,
        segmentOf(r).words,
      ]),
    );
    const segments = [...edit.segments]
      .sort((a, b) => a.startMs - b.startMs)
      .map((s) => ({
        startMs: s.startMs,
        endMs: s.endMs,
        text: s.text.trim(),
        words: alignWords(s.text, s.startMs, s.endMs, earlier.get(`${s.startMs}-${s.endMs}`) ?? []),
      }))
      .filter((s) => s.text !== '');
    const revision = await storeTranscript(
      this.#d,
      { tenantId, itemId, versionId: item.leading_version_id },
      { source: 'edit', language: edit.language, provider: null, createdBy: caller.user.id, segments },
    );
    return this.revision(caller, itemId, revision);
  }

  /** The transcript's revisions, newest first. */
  async revisions(caller: Identity, itemId: string): Promise<{ items: TranscriptRevisionDto[] }> {
    await this.#d.items.visible(caller, itemId);
    return { items: (await this.#d.revisions.list(caller.tenant.id, itemId)).map(revisionDto) };
  }

  /** One revision with its utterances. */
  async revision(
    caller: Identity,
    itemId: string,
    revision: number,
  ): Promise<TranscriptRevisionDto & { segments: TranscriptSegment[] }> {
    await this.#d.items.visible(caller, itemId);
    const row = await this.#d.revisions.get(caller.tenant.id, itemId, revision);
    if (!row) throw notFound('Transcript revision not found');
    return { ...revisionDto(row), segments: JSON.parse(row.segments) as TranscriptSegment[] };
  }

  /** The item's translations, one entry per language in the order stored. */
  async translations(caller: Identity, itemId: string): Promise<{ items: TranslatedTextDto[] }> {
    await this.#d.items.visible(caller, itemId);
    const rows = await this.#d.moments.list(caller.tenant.id, itemId, 'translation');
    const byLanguage = new Map<string, TranslatedTextDto>();
    for (const row of rows) {
      const language = row.language ?? '';
      const entry = byLanguage.get(language) ?? { language, provider: row.provider, segments: [] };
      entry.segments.push(segmentOf(row));
      byLanguage.set(language, entry);
    }
    return { items: [...byLanguage.values()] };
  }

  /**
   * Captions of the transcript, or of its translation into `language`; none to give is 404 with
   * spec §8's 'No timed transcript available'.
   */
  async captions(
    caller: Identity,
    itemId: string,
    format: CaptionFormat,
    language: string | undefined,
  ): Promise<{ body: string; fileName: string }> {
    const { item } = await this.#d.items.visible(caller, itemId);
    const tenantId = caller.tenant.id;
    const speech = await this.#d.moments.list(tenantId, itemId, 'speech');
    const rows =
      language === undefined || language === speech[0]?.language
        ? speech
        : (await this.#d.moments.list(tenantId, itemId, 'translation')).filter(
            (r) => r.language === language,
          );
    if (rows.length === 0) throw notFound(MESSAGES.noTimedTranscript);
    const suffix = rows[0]?.language ? `.${rows[0].language}` : '';
    return { body: captions(rows.map(segmentOf), format), fileName: `${item.title}${suffix}.${format}` };
  }
}
