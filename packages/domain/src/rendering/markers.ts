import { framesToTimecode, isDropFrame, secondsToFrame, sourceTimecode, type FrameRate } from './timecode.ts';

/**
 * Spec §6 item.downloadMarkers: an item's log events and timed comments as markers an editing tool
 * imports — a CMX3600 EDL (one event per marker with a `* LOC:` locator line, which Avid, Premiere
 * and Resolve read) and a CSV with Premiere's marker columns. Times are timecode at the item's
 * frame rate, counted from its start timecode (the camera's, 00:00:00:00 when it has none), so the
 * markers land on the clip where an editing tool places it by its own timecode.
 */
export interface Marker {
  startMs: number;
  /** null: a point in time (one frame long in the EDL). */
  endMs: number | null;
  /** 'log' for a log event, 'comment' for a timed comment. */
  kind: 'log' | 'comment';
  text: string;
}

interface MarkerFrames {
  marker: Marker;
  inFrame: number;
  outFrame: number;
}

/** The frames a marker covers; at least one. */
function framesOf(markers: readonly Marker[], rate: FrameRate): MarkerFrames[] {
  return [...markers]
    .sort((a, b) => a.startMs - b.startMs)
    .map((marker) => {
      const inFrame = secondsToFrame(marker.startMs / 1000, rate);
      const end = marker.endMs === null ? inFrame : secondsToFrame(marker.endMs / 1000, rate);
      return { marker, inFrame, outFrame: Math.max(end, inFrame + 1) };
    });
}

/** One line, printable ASCII-safe enough for EDL readers: no line breaks, at most `max` characters. */
const oneLine = (text: string, max: number): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);

/** The locator colour an editing tool shows: log events blue, comments yellow. */
const LOCATOR_COLOURS: Record<Marker['kind'], string> = { log: 'BLUE', comment: 'YELLOW' };

/** CMX3600 keeps events to three digits. */
export const EDL_MAX_EVENTS = 999;

export function markersToEdl(
  title: string,
  clipName: string,
  markers: readonly Marker[],
  rate: FrameRate,
  startTimecode: string | null = null,
): string {
  const tc = (frame: number) => sourceTimecode(frame, rate, startTimecode);
  const lines = [
    `TITLE: ${oneLine(title, 70) || 'Markers'}`,
    `FCM: ${isDropFrame(rate) ? 'DROP FRAME' : 'NON-DROP FRAME'}`,
    '',
  ];
  framesOf(markers, rate)
    .slice(0, EDL_MAX_EVENTS)
    .forEach(({ marker, inFrame, outFrame }, index) => {
      const event = String(index + 1).padStart(3, '0');
      const times = `${tc(inFrame)} ${tc(outFrame)} ${tc(inFrame)} ${tc(outFrame)}`;
      lines.push(`${event}  ${'AX'.padEnd(8)} ${'V'.padEnd(5)} ${'C'.padEnd(8)} ${times}`);
      lines.push(`* FROM CLIP NAME: ${oneLine(clipName, 200)}`);
      lines.push(
        `* LOC: ${tc(inFrame)} ${LOCATOR_COLOURS[marker.kind].padEnd(7)} ${oneLine(marker.text, 200)}`,
      );
      lines.push('');
    });
  return lines.join('\r\n');
}

/** Premiere's marker columns; `Marker Type` is Comment, as Premiere's own export writes. */
export const MARKER_CSV_COLUMNS = ['Marker Name', 'Description', 'In', 'Out', 'Duration', 'Marker Type'];

/** RFC 4180 quoting; a leading = + - @ is defused so a spreadsheet does not run it as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Marker names as a user reads them in the tool's marker list. */
export const MARKER_NAMES: Record<Marker['kind'], string> = { log: 'Log event', comment: 'Comment' };

export function markersToCsv(
  markers: readonly Marker[],
  rate: FrameRate,
  startTimecode: string | null = null,
): string {
  const tc = (frame: number) => sourceTimecode(frame, rate, startTimecode);
  const rows = framesOf(markers, rate).map(({ marker, inFrame, outFrame }) => [
    MARKER_NAMES[marker.kind],
    marker.text,
    tc(inFrame),
    tc(outFrame),
    framesToTimecode(outFrame - inFrame, rate),
    'Comment',
  ]);
  return [MARKER_CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
