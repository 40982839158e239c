import { MESSAGES } from '@skald/domain';
import { MediaError } from '../../media/media-error.ts';
import type { AnalysisRepository } from './analysis.repository.ts';
import { momentRow, type MomentPlace } from './moment-rows.ts';
import type { TranslationProviders } from './translation-providers.ts';
import { alignWords } from './transcript-words.ts';

export interface TranslationRunDeps {
  moments: AnalysisRepository;
  translation: Pick<TranslationProviders, 'targets' | 'forPair'>;
}

export interface TranslationRun extends MomentPlace {
  jobDir: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

/**
 * Translates the item's current transcript into the tenant's translation languages (spec §3:
 * primary and secondary), each utterance into a `translation` moment with the utterance's times
 * and its language; the words share the utterance's time. Every pair needs its engine: one
 * missing fails the run with its message and keeps the earlier translations.
 */
export async function translateTranscript(d: TranslationRunDeps, run: TranslationRun): Promise<void> {
  const utterances = await d.moments.list(run.tenantId, run.itemId, 'speech');
  const source = utterances[0]?.language;
  if (!source) throw new MediaError(MESSAGES.noTimedTranscript);
  const targets = await d.translation.targets(run.tenantId, source);
  if (targets.length === 0) throw new MediaError(MESSAGES.noTargetLanguage);
  const providers = await Promise.all(targets.map((t) => d.translation.forPair(run.tenantId, source, t)));
  const lines = utterances.map((u) => u.text ?? '');
  const rows = [];
  for (const [i, target] of targets.entries()) {
    const provider = providers[i];
    if (!provider) continue;
    const translated = await provider.translate(lines, source, target, run);
    rows.push(
      ...utterances.map((u, k) => {
        const text = translated[k] ?? '';
        return momentRow(run, {
          kind: 'translation',
          start_ms: u.start_ms,
          end_ms: u.end_ms,
          text,
          score: u.score,
          words: JSON.stringify(
            alignWords(text, u.start_ms, u.end_ms, []).map((w) => ({ ...w, confidence: u.score })),
          ),
          language: target,
          provider: provider.name,
        });
      }),
    );
    run.onProgress((i + 1) / targets.length);
  }
  await d.moments.replace(run.tenantId, run.itemId, 'translation', rows);
}
