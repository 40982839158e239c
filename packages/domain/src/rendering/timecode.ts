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
  return written(digitsOf(label, fps), rate);
}

/** A label's hours, minutes, seconds and frames. */
type Digits = [number, number, number, number];

/** The digits of the label counted `label` labels from midnight at `fps` labels a second, wrapping at midnight. */
function digitsOf(label: number, fps: number): Digits {
  const seconds = Math.floor(label / fps);
  return [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60, label % fps];
}

/** HH:MM:SS:FF, or HH:MM:SS;FF when the rate is drop-frame. */
const written = ([hh, mm, ss, ff]: Digits, rate: FrameRate): string =>
  `${two(hh)}:${two(mm)}:${two(ss)}${isDropFrame(rate) ? ';' : ':'}${two(ff)}`;

const TIMECODE = /^(\d{2}):([0-5]\d):([0-5]\d)[:;.](\d{2})$/;

/** A label's digits, or null when it is no timecode of the rate (frames beyond its second, past 23 h). */
function digitsAt(timecode: string, rate: FrameRate): Digits | null {
  const match = TIMECODE.exec(timecode.trim());
  if (!match) return null;
  const digits = match.slice(1).map(Number) as Digits;
  return digits[0] > 23 || digits[3] >= nominalFps(rate) ? null : digits;
}

/** The frame a label names, or null when it is not a timecode of this rate (a dropped label included). */
export function timecodeToFrames(timecode: string, rate: FrameRate): number | null {
  const digits = digitsAt(timecode, rate);
  if (!digits) return null;
  const [hh, mm, ss, ff] = digits;
  const fps = nominalFps(rate);
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

/** The digits, but for a label drop-frame skips at the rate: the next one (;02, or ;04 at 59.94). */
function kept([hh, mm, ss, ff]: Digits, rate: FrameRate): Digits {
  const skipped = isDropFrame(rate) && ss === 0 && mm % 10 !== 0 && ff < droppedPerMinute(rate);
  return [hh, mm, ss, skipped ? droppedPerMinute(rate) : ff];
}

/**
 * A label carried to another frame rate (a render that changes the rate): the label of `to` at the
 * same time of day, to the nearest frame; null when `label` is no label of `from`. The time of day
 * is the label's digits, frames as parts of a second: drop-frame labels keep to the clock by
 * skipping labels, so 01:00:00;00 at 29.97 is one o'clock and becomes 01:00:00:00 at 25 (their
 * frames' own times drift 3.6 ms an hour from the digits, which would make 10:00:00;00 into
 * 09:59:59:24); 23.976's 01:00:00:00 is one o'clock too, as editing tools read it. A label that
 * drop-frame skips counts as the next one.
 */
export function timecodeAtRate(label: string, from: FrameRate, to: FrameRate): string | null {
  const digits = digitsAt(label, from);
  if (!digits) return null;
  const [hh, mm, ss, ff] = kept(digits, from);
  const fps = nominalFps(to);
  const labels = ((hh * 60 + mm) * 60 + ss) * fps + Math.round((ff * fps) / nominalFps(from));
  return written(kept(digitsOf(labels, fps), to), to);
}
