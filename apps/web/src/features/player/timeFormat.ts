const pad = (n: number) => String(n).padStart(2, '0');

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds + 1e-6) : 0;
}

/**
 * A clock for the transport and the scrub preview: always h:mm:ss, since the spec (§9) formats
 * duration text as hours, minutes and seconds, and so the clock reads as the duration columns do.
 */
export function formatTime(seconds: number): string {
  const total = wholeSeconds(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${pad(m)}:${pad(s)}`;
}

/**
 * A frame-accurate timecode hh:mm:ss:ff, non-drop-frame: frames are counted at the frame rate and
 * grouped in seconds of the nominal (rounded) rate, as SMPTE non-drop does for 29.97 fps.
 */
export function formatTimecode(seconds: number, fps: number): string {
  const nominal = Math.max(1, Math.round(fps));
  const frame = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds * fps + 1e-6) : 0;
  const ff = frame % nominal;
  const totalSeconds = Math.floor(frame / nominal);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}:${pad(ff)}`;
}
