import { MESSAGES, isAcceptedFile } from '@skald/domain';
import { toSupportedLanguage } from '../../i18n/languages.ts';
import type { ServerText } from '../../i18n/messageKey.ts';

/** tus PATCH size: large enough for multi-GB media, small enough to resume after a dropped link. */
export const CHUNK_SIZE = 64 * 1024 * 1024;

/** Waits before each retry of a failed request (tus-js-client); then the file shows as failed. */
export const RETRY_DELAYS: readonly number[] = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * Sent with each upload (tus Upload-Metadata); Uppy adds filename and filetype from name and type,
 * and relativePath for a file of a dropped folder (the server recreates its folders).
 */
export const UPLOAD_META_FIELDS: readonly string[] = [
  'name',
  'type',
  'folderId',
  'relativePath',
  'formValues',
];

/**
 * The metadata an upload sends. Without a folder of the user's (none open or picked, or no
 * item.chooseUploadLocation) it names none: the server puts the files in the tenant's default upload
 * location as it is when they arrive.
 */
export function uploadMetaFields(namesFolder: boolean, setsValues = false): readonly string[] {
  return UPLOAD_META_FIELDS.filter(
    (field) => (namesFolder || field !== 'folderId') && (setsValues || field !== 'formValues'),
  );
}

/** Spec §3: a file outside the whitelist, or with a forbidden extension, is skipped with this message. */
export function refusalOf(
  name: string,
  forbidden: readonly string[],
): typeof MESSAGES.deniedExtension | null {
  return isAcceptedFile(name, forbidden) ? null : MESSAGES.deniedExtension;
}

/**
 * What the server said when it refused a file: the contract's error message (with the catalogue key
 * and values of the detail that repeats it, so it can be said in the UI language), a plain-text
 * body, or 'Upload rejected' for a 400 and 'Upload failed' for anything else that says nothing.
 */
export function serverRefusal(status: number | undefined, body: string): ServerText {
  const text = body.trim();
  if (text !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: tus servers often answer in plain text.
      if (text.length <= 200 && !text.startsWith('<')) return { message: text };
    }
    const error = isRecord(parsed) ? parsed.error : undefined;
    if (isRecord(error) && typeof error.message === 'string' && error.message !== '') {
      const message = error.message;
      const details: unknown[] = Array.isArray(error.details) ? error.details : [];
      const detail = details.find((d) => isRecord(d) && d.message === message);
      return isRecord(detail) && typeof detail.messageId === 'string'
        ? { message, messageId: detail.messageId, params: paramsOf(detail.params) }
        : { message };
    }
  }
  return { message: status === 400 ? MESSAGES.uploadRejected : MESSAGES.uploadFailed };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function paramsOf(value: unknown): Record<string, string | number> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
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
