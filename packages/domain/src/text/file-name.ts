/**
 * Spec §3 tenant config "max file name length for exports": the names of rendered and exported
 * files are cut to it, extension included. Counted in characters as a person reads them
 * (grapheme clusters), so a cut never splits an emoji or a letter from its accent.
 */
export const EXPORT_FILE_NAME_LENGTH = { min: 16, max: 255, default: 120 } as const;

const graphemes = (text: string): string[] =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);

/**
 * A file name for an export: characters other systems refuse become '-', the title is cut so
 * that `title.extension` has at most `maxLength` characters, keeping the extension whole.
 */
export function exportFileName(title: string, extension: string, maxLength: number): string {
  const safe = title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim();
  const room = Math.max(1, maxLength - graphemes(extension).length - 1);
  const kept = graphemes(safe).slice(0, room).join('').trimEnd();
  return `${kept || 'render'}.${extension}`;
}
