/**
 * SMPTE timecode for the cutter and the presets' start timecode. Frame numbers count from the
 * item's first frame; a start timecode shifts what is shown. Drop-frame (29.97 and 59.94) skips
 * the labels ;00 and ;01 (;00–;03 at 59.94) at every minute except each tenth, so the shown time
 * keeps up with the clock: 17982 frames every ten minutes at 29.97.
 */

export interface FrameRate {
  numerator: number;
  denominator: number;
}

/**
 * Sound has no frames of its own: the cutter, the markers and audio subclips count it in frames of
 * the house rate, 25 a second (40 ms).
 */
export const SOUND_FRAME_RATE: FrameRate = { numerator: 25, denominator: 1 };

/** The whole frames a second that labels count (30 for 29.97). */
export const nominalFps = (rate: FrameRate): number => Math.round(rate.numerator / rate.denominator);

/** NTSC rates (x/1.001 of 30 or 60) are counted drop-frame. */
export const isDropFrame = (rate: FrameRate): boolean =>
  rate.denominator === 1001 && (nominalFps(rate) === 30 || nominalFps(rate) === 60);

const droppedPerMinute = (rate: FrameRate): number => (nominalFps(rate) / 30) * 2;

const two = (n: number): string => String(n).padStart(2, '0');

/** The label of a frame: HH:MM:SS:FF, or HH:MM:SS;FF when drop-frame. Negative frames are refused. */
export function framesToTimecode(frame: number, rate: FrameRate): string {
  if (!Number.isInteger(frame) || frame < 0) throw new RangeError(`Not a frame number: ${frame}`);
  const fps = nominalFps(rate);
  let label = frame;
  if (isDropFrame(rate)) {
    const drop = droppedPerMinute(rate);
    const perTenMinutes = fps * 600 - drop * 9;
    const perMinute = fps * 60 - drop;
    const tens = Math.floor(frame / perTenMinutes);
    const rest = frame % perTenMinutes;
    label += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const ff = label % fps;
  const seconds = Math.floor(label / fps);
  const hh = Math.floor(seconds / 3600) % 24;
  return `${two(hh)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}${isDropFrame(rate) ? ';' : ':'}${two(ff)}`;
}

const TIMECODE = /^(\d{2}):([0-5]\d):([0-5]\d)[:;.](\d{2})$/;

/** The frame a label names, or null when it is not a timecode of this rate (a dropped label included). */
export function timecodeToFrames(timecode: string, rate: FrameRate): number | null {
  const match = TIMECODE.exec(timecode.trim());
  if (!match) return null;
  const [hh, mm, ss, ff] = match.slice(1).map(Number) as [number, number, number, number];
  const fps = nominalFps(rate);
  if (hh > 23 || ff >= fps) return null;
  const minutes = hh * 60 + mm;
  let frames = (minutes * 60 + ss) * fps + ff;
  if (isDropFrame(rate)) {
    const drop = droppedPerMinute(rate);
    if (ss === 0 && ff < drop && mm % 10 !== 0) return null;
    frames -= drop * (minutes - Math.floor(minutes / 10));
  }
  return frames;
}

/** Whether a text is a well-formed timecode label (HH:MM:SS:FF, ; or . before the frames). */
export const isTimecode = (text: string): boolean => TIMECODE.test(text.trim());

/** The seconds at which a frame starts. */
export const frameToSeconds = (frame: number, rate: FrameRate): number =>
  (frame * rate.denominator) / rate.numerator;

/** The frame showing at a time (the one that started last). */
export const secondsToFrame = (seconds: number, rate: FrameRate): number =>
  Math.floor((seconds * rate.numerator) / rate.denominator + 1e-6);

/**
 * The label a source shows at one of its frames: its start timecode (a camera's, null for none:
 * 00:00:00:00) plus the frame, counted as the rate counts (drop-frame at 29.97); past 23:59:59 it
 * wraps to 00:00:00, as a timecode clock does. A start that is not a label of the rate counts as none.
 */
export function sourceTimecode(frame: number, rate: FrameRate, start: string | null): string {
  const first = start === null ? 0 : (timecodeToFrames(start, rate) ?? 0);
  return framesToTimecode(first + frame, rate);
}
