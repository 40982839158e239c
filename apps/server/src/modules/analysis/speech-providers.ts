import { MESSAGES } from '@skald/domain';
import { hearSpeech, type HeardSegment } from '../../media/analysis/speech.ts';
import { MediaError } from '../../media/media-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { nowIso } from '../../lib/time.ts';
import { openAiSpeechProvider } from './openai-speech.ts';
import type { SpeechProvidersRepository } from './speech-providers.repository.ts';
import { whisperSpeechProvider, type WhisperSettings } from './whisper-speech.ts';

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

/** A tenant's provider as the API shows it: never the key, only whether there is one. */
export interface SpeechProviderSettingsDto {
  kind: 'pocketsphinx' | 'openai' | 'whisper';
  baseUrl: string | null;
  model: string | null;
  hasKey: boolean;
  /** The installation's whisper model file (WHISPER_MODEL's name, never its folder); null: none. */
  whisperModel: string | null;
}

export type SpeechProviderInput =
  | { kind: 'whisper' }
  | {
      kind?: 'openai' | undefined;
      baseUrl: string;
      model: string;
      /** Undefined keeps the stored key; null removes it. */
      apiKey?: string | null | undefined;
    };

/**
 * Each tenant's speech-to-text provider: its settings (tenant administrators) and, for a job, the
 * provider to ask. The key is stored sealed (SecretBox, like MFA secrets) and opened only to call.
 */
export class SpeechProviders {
  readonly #repository: SpeechProvidersRepository;
  readonly #secrets: SecretBox;
  readonly #whisper: WhisperSettings;
  constructor(repository: SpeechProvidersRepository, secrets: SecretBox, whisper: WhisperSettings) {
    this.#repository = repository;
    this.#secrets = secrets;
    this.#whisper = whisper;
  }

  async forTenant(tenantId: string): Promise<SpeechProvider> {
    const row = await this.#repository.of(tenantId);
    if (!row) return pocketsphinxProvider;
    if (row.kind === 'whisper') return whisperSpeechProvider(this.#whisper);
    return openAiSpeechProvider({
      baseUrl: row.base_url,
      model: row.model,
      apiKey: row.sealed_key === null ? null : this.#secrets.open(row.sealed_key),
    });
  }

  async settings(tenantId: string): Promise<SpeechProviderSettingsDto> {
    const row = await this.#repository.of(tenantId);
    const whisperModel = this.#whisper.model?.name ?? null;
    if (!row) return { kind: 'pocketsphinx', baseUrl: null, model: null, hasKey: false, whisperModel };
    if (row.kind === 'whisper')
      return { kind: 'whisper', baseUrl: null, model: null, hasKey: false, whisperModel };
    return {
      kind: 'openai',
      baseUrl: row.base_url,
      model: row.model,
      hasKey: row.sealed_key !== null,
      whisperModel,
    };
  }

  async set(tenantId: string, input: SpeechProviderInput): Promise<SpeechProviderSettingsDto> {
    // whisper's model is the installation's: the row only records the choice.
    const row =
      input.kind === 'whisper'
        ? { kind: 'whisper', base_url: '', model: '', sealed_key: null }
        : {
            kind: 'openai',
            base_url: input.baseUrl,
            model: input.model,
            sealed_key: await this.#key(tenantId, input.apiKey),
          };
    await this.#repository.set({ tenant_id: tenantId, ...row, updated_at: nowIso() });
    return this.settings(tenantId);
  }

  /** The sealed key to store: undefined keeps the stored one (an openai row's), null removes it. */
  async #key(tenantId: string, apiKey: string | null | undefined): Promise<string | null> {
    if (apiKey === null) return null;
    if (apiKey !== undefined) return this.#secrets.seal(apiKey);
    const current = await this.#repository.of(tenantId);
    return current?.sealed_key ?? null;
  }

  /** Back to the embedded default. */
  async reset(tenantId: string): Promise<SpeechProviderSettingsDto> {
    await this.#repository.remove(tenantId);
    return this.settings(tenantId);
  }
}
