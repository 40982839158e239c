import type { ExifSummary } from '@skald/domain';

type Exif = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// EXIF writes 'YYYY:MM:DD HH:MM:SS' (exifr leaves it so with reviveValues off); offsets '+02:00'.
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

function takenAt(exif: Exif): string | null {
  for (const [date, offset] of [
    ['DateTimeOriginal', 'OffsetTimeOriginal'],
    ['CreateDate', 'OffsetTimeDigitized'],
  ] as const) {
    const match = EXIF_DATE.exec(text(exif[date]) ?? '');
    // Cameras without a clock set write zeros ('0000:00:00 00:00:00').
    if (!match || match[1] === '0000') continue;
    const [, y, mo, d, h, mi, s] = match;
    const zone = text(exif[offset]);
    return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone !== null && OFFSET.test(zone) ? zone : ''}`;
  }
  return null;
}

/** exifr's GPSAltitudeRef is 1 below sea level (raw or translated). */
function altitude(exif: Exif): number | null {
  const metres = finite(exif.GPSAltitude);
  if (metres === null) return null;
  const ref = exif.GPSAltitudeRef;
  const below = ref === 1 || (typeof ref === 'string' && /below/i.test(ref));
  return below ? -metres : metres;
}

/** The part of a version's stored EXIF (JSON) that the item API presents; null without EXIF. */
export function exifSummary(json: string | null): ExifSummary | null {
  if (json === null) return null;
  const exif = JSON.parse(json) as Exif;
  // exifr adds decimal `latitude`/`longitude` (signed by their refs) when the GPS block parses.
  const latitude = finite(exif.latitude);
  const longitude = finite(exif.longitude);
  const located = latitude !== null && longitude !== null;
  const orientation = exif.Orientation;
  return {
    make: text(exif.Make),
    model: text(exif.Model),
    lens: text(exif.LensModel) ?? text(exif.Lens),
    takenAt: takenAt(exif),
    orientation: typeof orientation === 'number' ? String(orientation) : text(orientation),
    latitude: located ? latitude : null,
    longitude: located ? longitude : null,
    altitude: located ? altitude(exif) : null,
  };
}
