import { EXPORT_FILE_NAME_LENGTH } from '@skald/domain';

/**
 * Whether a typed max file name length for exports can be saved: a whole number within the
 * bounds the server takes (spec §3 tenant config, docs/API.md). A number input gives '' when empty.
 */
export function isExportFileNameLength(value: number | string): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= EXPORT_FILE_NAME_LENGTH.min &&
    value <= EXPORT_FILE_NAME_LENGTH.max
  );
}
