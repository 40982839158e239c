import type { ItemType } from '../items/item-types.ts';

/** The item types an uploaded file can become; 'file' covers documents and editing projects. */
export type FileItemType = Extract<ItemType, 'video' | 'audio' | 'image' | 'file'>;

function words(list: string): string[] {
  return list.split(' ');
}

/**
 * The upload whitelist, by the item type a file becomes. Lower-case, without the dot. A tenant can
 * refuse more (its forbidden extensions) but never accept anything outside this list: the media
 * pipeline only has hardened handling for these.
 */
const EXTENSIONS_BY_ITEM_TYPE: Readonly<Record<FileItemType, readonly string[]>> = {
  video: words('3g2 3gp asf avi dv f4v flv m2ts m4v mkv mov mp4 mpeg mpg mts mxf ogv ts vob webm wmv'),
  audio: words('aac ac3 aif aifc aiff amr bwf caf eac3 flac m4a mka mp2 mp3 oga ogg opus w64 wav wma'),
  image: words('arw avif bmp cr2 cr3 dng gif heic heif jpeg jpg nef orf png psd raf rw2 svg tif tiff webp'),
  file: [
    ...words('csv doc docx json md numbers odp ods odt pages pdf ppt pptx rtf srt txt vtt xls xlsx zip'),
    // Editing projects and interchange lists; xml is FCP 7 / Premiere XML as often as a document.
    ...words('aaf aep avb drp edl fcpxml omf otio prproj xml'),
  ],
};

export const ACCEPTED_EXTENSIONS: readonly string[] = Object.values(EXTENSIONS_BY_ITEM_TYPE).flat();

const ITEM_TYPE_BY_EXTENSION: ReadonlyMap<string, FileItemType> = new Map(
  Object.entries(EXTENSIONS_BY_ITEM_TYPE).flatMap(([itemType, extensions]) =>
    extensions.map((extension) => [extension, itemType as FileItemType] as const),
  ),
);

/** Lower-case, without the dot; '' for "README", "archive." and dot files such as ".env". */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Tenants write forbidden extensions as "exe", ".EXE" or " .exe "; they all mean the same. */
function normalizeExtension(extension: string): string {
  return extension.trim().replace(/^\.+/, '').toLowerCase();
}

export function isAcceptedFile(name: string, forbiddenExtensions: readonly string[]): boolean {
  const extension = fileExtension(name);
  return (
    ITEM_TYPE_BY_EXTENSION.has(extension) &&
    !forbiddenExtensions.some((forbidden) => normalizeExtension(forbidden) === extension)
  );
}

/** The item type a file of this extension (any case, with or without the dot) becomes. */
export function itemTypeForExtension(extension: string): FileItemType {
  return ITEM_TYPE_BY_EXTENSION.get(normalizeExtension(extension)) ?? 'file';
}
