import { MESSAGES } from '@skald/domain';
import { runWhisper } from '../ffmpeg.ts';
import { MediaError } from '../media-error.ts';
import { speechAudio, type HeardSegment, type HearOptions } from './speech.ts';
import { utterancesOf, type WhisperAnswer } from './whisper-answer.ts';
import type { WhisperModel } from './whisper-model.ts';

export interface WhisperOptions extends Omit<HearOptions, 'modelDir'> {
  model: WhisperModel;
  /** whisper's language code: en, no (Bokmål), nn, fr… */
  language: string;
  /** Threads whisper.cpp computes on (WHISPER_THREADS); unset: its own choice (up to 8). */
  threads?: number | undefined;
}

// Large models on a few CPU cores run slower than real time, and loading one takes a while.
const TIMEOUT_PER_SECOND_MS = 30_000;
const MIN_TIMEOUT_MS = 10 * 60_000;

/**
 * Transcribes a recording with whisper.cpp and the operator's ggml model: ffmpeg makes the 16 kHz
 * mono WAV it reads, whisper-cli.ts runs it in a niced process of its own. An engine that cannot be
 * loaded or a model it cannot read is an error on the item, never an empty transcript.
 */
export async function hearWithWhisper(file: string, options: WhisperOptions): Promise<HeardSegment[]> {
  const wav = await speechAudio(file, 'wav', options);
  const args = ['--model', options.model.path, '--language', options.language];
  if (options.threads !== undefined) args.push('--threads', String(options.threads));
  const stdout = await runWhisper(wav, args, {
    jobDir: options.jobDir,
    timeoutMs: Math.max(MIN_TIMEOUT_MS, options.durationSeconds * TIMEOUT_PER_SECOND_MS),
    failureMessage: MESSAGES.transcriptionFailed,
    lowPriority: true,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  let answer: WhisperAnswer;
  try {
    answer = JSON.parse(stdout) as WhisperAnswer;
  } catch (err) {
    throw new MediaError(MESSAGES.transcriptionFailed, {
      detail: `whisper answered no JSON: ${stdout.slice(0, 500)}`,
      cause: err,
    });
  }
  if (!answer.ok)
    throw new MediaError(
      answer.reason === 'engine' ? MESSAGES.speechEngineMissing : MESSAGES.speechModelUnreadable,
      { detail: answer.detail },
    );
  return utterancesOf(answer.tokens);
}
