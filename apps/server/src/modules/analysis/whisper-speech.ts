import { MESSAGES } from '@skald/domain';
import { hearWithWhisper } from '../../media/analysis/whisper.ts';
import type { WhisperModel } from '../../media/analysis/whisper-model.ts';
import { MediaError } from '../../media/media-error.ts';
import type { SpeechProvider } from './speech-providers.ts';

// Skald's transcription languages in whisper's codes: Bokmål is whisper's "no", Nynorsk its "nn".
const WHISPER_LANGUAGE: Record<string, string> = { en: 'en', nb: 'no', nn: 'nn', fr: 'fr' };

export interface WhisperSettings {
  /** The installation's model (WHISPER_MODEL, checked at start); null: none configured. */
  model: WhisperModel | null;
  threads?: number | undefined;
}

/**
 * whisper.cpp in the worker, on the ggml model the operator supplies. No model configured, or an
 * English-only model asked for another language, is the item's error: never a transcript made
 * without the model.
 */
export function whisperSpeechProvider(settings: WhisperSettings): SpeechProvider {
  const { model } = settings;
  return {
    name: `whisper:${model?.name ?? 'none'}`,
    async transcribe(input) {
      if (!model)
        throw new MediaError(MESSAGES.speechModelMissing, {
          detail: 'the tenant chose whisper, but WHISPER_MODEL is not set on this worker',
        });
      const language = WHISPER_LANGUAGE[input.language];
      if (!language || (language !== 'en' && !model.multilingual))
        throw new MediaError(MESSAGES.speechModelMissing, {
          detail: `${model.name} has no model for ${input.language}`,
        });
      return hearWithWhisper(input.file, {
        model,
        language,
        threads: settings.threads,
        jobDir: input.jobDir,
        durationSeconds: input.durationSeconds,
        signal: input.signal,
      });
    },
  };
}
