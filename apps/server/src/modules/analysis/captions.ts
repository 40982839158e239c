import type { TranscriptSegment } from '@skald/domain';

export type CaptionFormat = 'vtt' | 'srt';

/** A cue holds at most two lines of about 42 characters (common subtitle practice). */
const CUE_CHARS = 84;

interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

/** An utterance as cues: its timed words in runs that fit a cue, or the whole text when untimed. */
function cuesOf(segment: TranscriptSegment): Cue[] {
  if (segment.words.length === 0)
    return segment.text.trim()
      ? [{ startMs: segment.startMs, endMs: segment.endMs, text: segment.text }]
      : [];
  const cues: Cue[] = [];
  let run: TranscriptSegment['words'] = [];
  const close = () => {
    const [first, last] = [run[0], run[run.length - 1]];
    if (first && last)
      cues.push({ startMs: first.startMs, endMs: last.endMs, text: run.map((w) => w.text).join(' ') });
    run = [];
  };
  for (const word of segment.words) {
    const length = run.reduce((n, w) => n + w.text.length + 1, 0) + word.text.length;
    if (run.length > 0 && length > CUE_CHARS) close();
    run.push(word);
  }
  close();
  return cues;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
function clock(ms: number, separator: '.' | ','): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(total % 1000, 3)}`;
}

// WebVTT reads markup in a cue: its text is escaped, which also keeps "-->" out of it.
const vttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// A blank line ends a cue in both formats.
const oneBlock = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** The transcript as WebVTT or SubRip captions, cues in time order. */
export function captions(segments: readonly TranscriptSegment[], format: CaptionFormat): string {
  const cues = segments.flatMap(cuesOf);
  if (format === 'vtt')
    return `WEBVTT\n\n${cues
      .map((c) => `${clock(c.startMs, '.')} --> ${clock(c.endMs, '.')}\n${vttText(oneBlock(c.text))}\n\n`)
      .join('')}`;
  return cues
    .map((c, i) => `${i + 1}\n${clock(c.startMs, ',')} --> ${clock(c.endMs, ',')}\n${oneBlock(c.text)}\n\n`)
    .join('');
}
