import { MESSAGES } from '@skald/domain';
import { MediaError } from '../../media/media-error.ts';
import type { TranslationProvider } from './translation-providers.ts';

export type TranslationServiceKind = 'libretranslate' | 'deepl';

export interface TranslationServiceSettings {
  kind: TranslationServiceKind;
  /** LibreTranslate: its root (`https://libretranslate.example`); DeepL: up to the version (`https://api.deepl.com/v2`). */
  baseUrl: string;
  apiKey: string | null;
}

const REQUEST_TIMEOUT_MS = 5 * 60_000;
/** Texts per request: both services take a list, DeepL at most 50. */
const BATCH = 50;

async function postJson(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
      signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    });
  } catch (err) {
    throw new MediaError(MESSAGES.translationProviderUnreachable, {
      detail: `${url}: ${String(err)}`,
      cause: err,
    });
  }
  if (!res.ok)
    throw new MediaError(MESSAGES.translationProviderRefused, {
      detail: `${url} answered ${res.status}: ${(await res.text()).slice(0, 500)}`,
    });
  return res.json();
}

/** Each service's request for a batch and where its answer keeps the translations. */
const SERVICES: Record<
  TranslationServiceKind,
  (
    s: TranslationServiceSettings,
    texts: string[],
    source: string,
    target: string,
  ) => { url: string; body: unknown; headers: Record<string, string>; read: (answer: unknown) => unknown[] }
> = {
  libretranslate: (s, texts, source, target) => ({
    url: `${s.baseUrl.replace(/\/+$/, '')}/translate`,
    body: { q: texts, source, target, format: 'text', ...(s.apiKey ? { api_key: s.apiKey } : {}) },
    headers: {},
    read: (answer) => (answer as { translatedText?: unknown[] }).translatedText ?? [],
  }),
  deepl: (s, texts, source, target) => ({
    url: `${s.baseUrl.replace(/\/+$/, '')}/translate`,
    body: { text: texts, source_lang: source.toUpperCase(), target_lang: target.toUpperCase() },
    headers: Object.fromEntries(s.apiKey ? [['authorization', `DeepL-Auth-Key ${s.apiKey}`]] : []),
    read: (answer) =>
      ((answer as { translations?: { text?: unknown }[] }).translations ?? []).map((t) => t.text),
  }),
};

/**
 * A LibreTranslate- or DeepL-style translation service, for the pairs Apertium does not translate
 * offline. An unreachable service or a refusal is an error on the item with its own message; an
 * answer that does not hold one text per line is a refusal, never a partial translation.
 */
export function httpTranslationProvider(settings: TranslationServiceSettings): TranslationProvider {
  return {
    name: settings.kind,
    async translate(lines, source, target, options) {
      const out: string[] = [];
      for (let i = 0; i < lines.length; i += BATCH) {
        const texts = lines.slice(i, i + BATCH);
        const request = SERVICES[settings.kind](settings, texts, source, target);
        const answer = request.read(
          await postJson(request.url, request.body, request.headers, options.signal),
        );
        if (answer.length !== texts.length || !answer.every((t) => typeof t === 'string'))
          throw new MediaError(MESSAGES.translationProviderRefused, {
            detail: `${request.url} answered ${answer.length} texts for ${texts.length}`,
          });
        out.push(...answer);
      }
      return out;
    },
  };
}
