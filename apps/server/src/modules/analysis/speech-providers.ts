import { MESSAGES } from '@skald/domain';
import { hearSpeech, type HeardSegment } from '../../media/analysis/speech.ts';
import { MediaError } from '../../media/media-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { nowIso } from '../../lib/time.ts';
import { openAiSpeechProvider } from './openai-speech.ts';
import type { SpeechProvidersRepository } from './speech-providers.repository.ts';

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
  kind: 'pocketsphinx' | 'openai';
  baseUrl: string | null;
  model: string | null;
  hasKey: boolean;
}

export interface SpeechProviderInput {
  baseUrl: string;
  model: string;
  /** Undefined keeps the stored key; null removes it. */
  apiKey?: string | null | undefined;
}

const EMBEDDED: SpeechProviderSettingsDto = {
  kind: 'pocketsphinx',
  baseUrl: null,
  model: null,
  hasKey: false,
};

/**
 * Each tenant's speech-to-text provider: its settings (tenant administrators) and, for a job, the
 * provider to ask. The key is stored sealed (SecretBox, like MFA secrets) and opened only to call.
 */
export class SpeechProviders {
  readonly #repository: SpeechProvidersRepository;
  readonly #secrets: SecretBox;
  constructor(repository: SpeechProvidersRepository, secrets: SecretBox) {
    this.#repository = repository;
    this.#secrets = secrets;
  }

  async forTenant(tenantId: string): Promise<SpeechProvider> {
    const row = await this.#repository.of(tenantId);
    if (!row) return pocketsphinxProvider;
    return openAiSpeechProvider({
      baseUrl: row.base_url,
      model: row.model,
      apiKey: row.sealed_key === null ? null : this.#secrets.open(row.sealed_key),
    });
  }

  async settings(tenantId: string): Promise<SpeechProviderSettingsDto> {
    const row = await this.#repository.of(tenantId);
    return row
      ? { kind: 'openai', baseUrl: row.base_url, model: row.model, hasKey: row.sealed_key !== null }
      : EMBEDDED;
  }

  async set(tenantId: string, input: SpeechProviderInput): Promise<SpeechProviderSettingsDto> {
    const current = await this.#repository.of(tenantId);
    const sealed =
      input.apiKey === undefined
        ? (current?.sealed_key ?? null)
        : input.apiKey === null
          ? null
          : this.#secrets.seal(input.apiKey);
    await this.#repository.set({
      tenant_id: tenantId,
      kind: 'openai',
      base_url: input.baseUrl,
      model: input.model,
      sealed_key: sealed,
      updated_at: nowIso(),
    });
    return this.settings(tenantId);
  }

  /** Back to the embedded default. */
  async reset(tenantId: string): Promise<SpeechProviderSettingsDto> {
    await this.#repository.remove(tenantId);
    return EMBEDDED;
  }
}
