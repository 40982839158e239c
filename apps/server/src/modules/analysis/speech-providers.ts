import { MESSAGES } from '@skald/domain';
import { hearSpeech, type HeardSegment } from '../../media/analysis/speech.ts';
import { MediaError } from '../../media/media-error.ts';

export interface TranscribeInput {
  /** The recording (the version's original). */
  file: string;
  jobDir: string;
  durationSeconds: number;
  language: string;
  signal: AbortSignal;
}

/**
 * A speech-to-text engine (issue 14: chosen per tenant). It answers utterances with timed words,
 * or throws a MediaError whose message the item shows: a missing model or an unreachable service
 * is an error, never an empty or made-up transcript.
 */
export interface SpeechProvider {
  /** Stored with the transcript: which engine heard it. */
  readonly name: string;
  transcribe(input: TranscribeInput): Promise<HeardSegment[]>;
}

/** The embedded default: Debian's pocketsphinx with its US English model. */
export const pocketsphinxProvider: SpeechProvider = {
  name: 'pocketsphinx',
  async transcribe(input) {
    if (input.language !== 'en')
      throw new MediaError(MESSAGES.speechModelMissing, {
        detail: `pocketsphinx has a model for en only, asked for ${input.language}`,
      });
    return hearSpeech(input.file, {
      jobDir: input.jobDir,
      durationSeconds: input.durationSeconds,
      signal: input.signal,
    });
  },
};
