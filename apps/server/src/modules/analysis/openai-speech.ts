import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@skald/domain';
import { speechAudio, type HeardSegment } from '../../media/analysis/speech.ts';
import { MediaError } from '../../media/media-error.ts';
import type { SpeechProvider } from './speech-providers.ts';

export interface OpenAiSpeechSettings {
  /** Up to and including the version: `https://api.openai.com/v1`, `http://whisper.local:8000/v1`. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

/** OpenAI's verbose_json answer, as far as it is read. */
interface VerboseTranscription {
  language?: string;
  segments?: { start: number; end: number; text: string }[];
  words?: { word: string; start: number; end: number; probability?: number }[];
}

const REQUEST_TIMEOUT_MS = 10 * 60_000;
const ms = (seconds: number) => Math.round(seconds * 1000);

/** The answer's words, each in the segment it falls in; segments without words keep their text. */
function segmentsOf(answer: VerboseTranscription): HeardSegment[] {
  const words = (answer.words ?? []).map((w) => ({
    text: w.word.trim(),
    startMs: ms(w.start),
    endMs: ms(w.end),
    confidence: Math.round((w.probability ?? 1) * 100),
  }));
  return (answer.segments ?? []).map((s) => ({
    startMs: ms(s.start),
    endMs: ms(s.end),
    text: s.text.trim(),
    words: words.filter((w) => w.startMs >= ms(s.start) && w.startMs < ms(s.end)),
  }));
}

/**
 * An OpenAI-compatible speech-to-text service (`POST {baseUrl}/audio/transcriptions`, which
 * OpenAI and self-hosted whisper servers speak), asked for segments and word timestamps. An
 * unreachable service or a refusal is an error on the item with its own message.
 */
export function openAiSpeechProvider(settings: OpenAiSpeechSettings): SpeechProvider {
  return {
    name: `openai:${settings.model}`,
    async transcribe(input) {
      const flac = await speechAudio(input.file, 'flac', input);
      const form = new FormData();
      form.set('file', new Blob([await readFile(flac)], { type: 'audio/flac' }), 'speech.flac');
      form.set('model', settings.model);
      form.set('language', input.language);
      form.set('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      form.append('timestamp_granularities[]', 'word');
      const url = `${settings.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          body: form,
          headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
          signal: AbortSignal.any([input.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        });
      } catch (err) {
        throw new MediaError(MESSAGES.speechProviderUnreachable, {
          detail: `${url}: ${String(err)}`,
          cause: err,
        });
      }
      if (!res.ok) {
        const body = (await res.text()).slice(0, 500);
        throw new MediaError(MESSAGES.speechProviderRefused, {
          detail: `${url} answered ${res.status}: ${body}`,
        });
      }
      return segmentsOf((await res.json()) as VerboseTranscription);
    },
  };
}
