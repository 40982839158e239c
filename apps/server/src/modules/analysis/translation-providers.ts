import { MESSAGES } from '@skald/domain';
import { apertiumMode, apertiumTranslate } from '../../media/analysis/apertium.ts';
import { MediaError } from '../../media/media-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { nowIso } from '../../lib/time.ts';
import { httpTranslationProvider, type TranslationServiceKind } from './translation-http.ts';
import type { TranslationSettingsRepository } from './translation-settings.repository.ts';

export interface TranslateOptions {
  jobDir: string;
  signal: AbortSignal;
}

/**
 * A translation engine (issue 14: the speech providers' pattern). It answers one translated line
 * per line, or throws a MediaError whose message the item shows: never a made-up translation.
 */
export interface TranslationProvider {
  /** Stored with the translation: which engine translated it. */
  readonly name: string;
  translate(lines: string[], source: string, target: string, options: TranslateOptions): Promise<string[]>;
}

/** Debian's Apertium, offline, for the pairs it has installed (nb↔nn with apertium-nno-nob). */
const apertiumProvider = (mode: string): TranslationProvider => ({
  name: 'apertium',
  translate: (lines, _source, _target, options) => apertiumTranslate(lines, mode, options),
});

/** The tenant's translation settings as the API shows them: never the key. */
export interface TranslationSettingsDto {
  primaryLanguage: string;
  secondaryLanguage: string | null;
  provider: { kind: TranslationServiceKind; baseUrl: string; hasKey: boolean } | null;
}

export interface TranslationSettingsInput {
  primaryLanguage: string;
  secondaryLanguage: string | null;
  /** Null removes the provider. */
  provider: {
    kind: TranslationServiceKind;
    baseUrl: string;
    /** Undefined keeps the stored key; null removes it. */
    apiKey?: string | null | undefined;
  } | null;
}

/**
 * Each tenant's translation: the languages transcripts are translated to and, for a run, the
 * engine of a pair: Apertium where it translates the pair, else the tenant's service, else a clear
 * error. The service's key is stored sealed (SecretBox) and opened only to call it.
 */
export class TranslationProviders {
  readonly #repository: TranslationSettingsRepository;
  readonly #secrets: SecretBox;
  constructor(repository: TranslationSettingsRepository, secrets: SecretBox) {
    this.#repository = repository;
    this.#secrets = secrets;
  }

  /** The languages a transcript in `source` is translated to: primary, then secondary, not itself. */
  async targets(tenantId: string, source: string): Promise<string[]> {
    const { primary, secondary } = await this.#repository.languages(tenantId);
    return [...new Set([primary, secondary])].filter((l): l is string => l !== null && l !== source);
  }

  async forPair(tenantId: string, source: string, target: string): Promise<TranslationProvider> {
    const mode = apertiumMode(source, target);
    if (mode) return apertiumProvider(mode);
    const row = await this.#repository.provider(tenantId);
    if (!row)
      throw new MediaError(MESSAGES.translationPairMissing, {
        detail: `no engine for ${source}>${target}: Apertium lacks the pair and the tenant has no provider`,
      });
    return httpTranslationProvider({
      kind: row.kind as TranslationServiceKind,
      baseUrl: row.base_url,
      apiKey: row.sealed_key === null ? null : this.#secrets.open(row.sealed_key),
    });
  }

  async settings(tenantId: string): Promise<TranslationSettingsDto> {
    const [languages, row] = await Promise.all([
      this.#repository.languages(tenantId),
      this.#repository.provider(tenantId),
    ]);
    return {
      primaryLanguage: languages.primary,
      secondaryLanguage: languages.secondary,
      provider: row
        ? { kind: row.kind as TranslationServiceKind, baseUrl: row.base_url, hasKey: row.sealed_key !== null }
        : null,
    };
  }

  async set(tenantId: string, input: TranslationSettingsInput): Promise<TranslationSettingsDto> {
    await this.#repository.setLanguages(tenantId, input.primaryLanguage, input.secondaryLanguage);
    if (input.provider === null) await this.#repository.removeProvider(tenantId);
    else {
      const current = await this.#repository.provider(tenantId);
      const { apiKey } = input.provider;
      await this.#repository.setProvider({
        tenant_id: tenantId,
        kind: input.provider.kind,
        base_url: input.provider.baseUrl,
        sealed_key:
          apiKey === undefined
            ? (current?.sealed_key ?? null)
            : apiKey === null
              ? null
              : this.#secrets.seal(apiKey),
        updated_at: nowIso(),
      });
    }
    return this.settings(tenantId);
  }
}
