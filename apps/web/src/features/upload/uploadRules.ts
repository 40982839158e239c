import { MESSAGES, isAcceptedFile } from '@skald/domain';
import { toSupportedLanguage } from '../../i18n/languages.ts';

/** tus PATCH size: large enough for multi-GB media, small enough to resume after a dropped link. */
export const CHUNK_SIZE = 64 * 1024 * 1024;

/** Waits before each retry of a failed request (tus-js-client); then the file shows as failed. */
export const RETRY_DELAYS: readonly number[] = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * Sent with each upload (tus Upload-Metadata); Uppy adds filename and filetype from name and type,
 * and relativePath for a file of a dropped folder (the server recreates its folders).
 */
export const UPLOAD_META_FIELDS: readonly string[] = ['name', 'type', 'folderId', 'relativePath'];

/** Spec §3: a file outside the whitelist, or with a forbidden extension, is skipped with this message. */
export function refusalOf(
  name: string,
  forbidden: readonly string[],
): typeof MESSAGES.deniedExtension | null {
  return isAcceptedFile(name, forbidden) ? null : MESSAGES.deniedExtension;
}

/**
 * What the server said when it refused a file: the contract's error message, a plain-text body, or
 * 'Upload rejected' for a 400 and 'Upload failed' for anything else that says nothing.
 */
export function serverRefusal(status: number | undefined, body: string): string {
  const text = body.trim();
  if (text !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
        const error: unknown = parsed.error;
        if (
          typeof error === 'object' &&
          error !== null &&
          'message' in error &&
          typeof error.message === 'string'
        ) {
          if (error.message !== '') return error.message;
        }
      }
    } catch {
      // Not JSON: tus servers often answer in plain text.
      if (text.length <= 200 && !text.startsWith('<')) return text;
    }
  }
  return status === 400 ? MESSAGES.uploadRejected : MESSAGES.uploadFailed;
}

export type UppyLocaleCode = 'en_US' | 'nb_NO' | 'fr_FR';

/** Uppy ships Bokmål and French; Nynorsk readers get Bokmål's (the closest it has). */
export function uppyLocaleCode(language: string): UppyLocaleCode {
  switch (toSupportedLanguage(language)) {
    case 'nb':
    case 'nn':
      return 'nb_NO';
    case 'fr':
      return 'fr_FR';
    default:
      return 'en_US';
  }
}

/** Uppy's plural index: French uses the singular for 0 and 1, English and Norwegian only for 1. */
export function uppyPluralIndex(language: string): (count: number) => 0 | 1 {
  return uppyLocaleCode(language) === 'fr_FR' ? (n) => (n < 2 ? 0 : 1) : (n) => (n === 1 ? 0 : 1);
}
