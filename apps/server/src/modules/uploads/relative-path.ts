import { AppError } from '../../plugins/errors.ts';
import { MESSAGES } from '@skald/domain';

/** Deeper trees than this are refused rather than recreated. */
export const MAX_SUBFOLDER_DEPTH = 32;
const MAX_FOLDER_NAME = 200;

const refused = (message: string) =>
  new AppError('bad_request', MESSAGES.uploadRejected, [{ field: 'relativePath', message }]);

/**
 * The folders a file dropped as part of a folder sits in, from Uppy's `relativePath`
 * ("Rushes/Day 1/clip.mov" → ["Rushes", "Day 1"]): the structure is recreated under the chosen
 * folder. Names come from the user's disk, so anything that could climb out ("..") is refused.
 */
export function subfolderNames(relativePath: string | undefined): string[] {
  if (relativePath === undefined || relativePath.trim() === '') return [];
  const segments = relativePath.split(/[/\\]/).map((segment) => segment.trim());
  const folders = segments.slice(0, -1).filter((segment) => segment !== '' && segment !== '.');
  if (folders.includes('..')) throw refused('must not contain ..');
  if (folders.length > MAX_SUBFOLDER_DEPTH) throw refused(`at most ${MAX_SUBFOLDER_DEPTH} folders deep`);
  if (folders.some((name) => name.length > MAX_FOLDER_NAME))
    throw refused(`folder names of at most ${MAX_FOLDER_NAME} characters`);
  return folders;
}
