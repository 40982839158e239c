import { MESSAGES, frameToSeconds, type FrameRate, type RenderRecipe } from '@skald/domain';
import type { FfmpegCommand } from './ffmpeg.ts';
import { MediaError } from './media-error.ts';
import type { MediaProbe } from './probe.ts';
import { commonOutputs, cut, outputTimecode, recipeEncoding, seconds, type FrameRange } from './recipes.ts';

/** One clip of a sequence: a frame range of a source file. */
export interface SequenceClipInput {
  input: string;
  probe: Pick<MediaProbe, 'format' | 'videoCodec' | 'audioCodec' | 'frameRate' | 'width' | 'height'>;
  range: FrameRange;
}

export interface SequenceRenderRequest {
  recipe: RenderRecipe;
  clips: readonly SequenceClipInput[];
  /** The preset's override start timecode; null for none (a sequence has no timecode of its own). */
  startTimecode: string | null;
  output: string;
}

/** The sequence's picture: the first clip's size (even) and frame rate; the others are fitted to it. */
export function sequenceFormat(clips: readonly SequenceClipInput[]): {
  width: number;
  height: number;
  rate: FrameRate;
} {
  const first = clips[0]?.probe;
  if (!first?.frameRate) throw new MediaError(MESSAGES.renderSourceHasNoVideo);
  const even = (n: number | null, fallback: number) => Math.max(2, Math.floor((n ?? fallback) / 2) * 2);
  return { width: even(first.width, 1920), height: even(first.height, 1080), rate: first.frameRate };
}

/** The seconds a sequence lasts: each clip's frames at its own rate. */
export function sequenceSeconds(clips: readonly Pick<SequenceClipInput, 'probe' | 'range'>[]): number {
  return clips.reduce(
    (sum, c) =>
      sum + (c.probe.frameRate ? frameToSeconds(c.range.outFrame - c.range.inFrame, c.probe.frameRate) : 0),
    0,
  );
}

/**
 * The ffmpeg command of a sequence export: every clip cut frame-accurately from its source (as a
 * subclip is), brought to one format — the first clip's size and rate, square pixels, 4:2:2 10-bit,
 * stereo 48 kHz sound (silence for a clip without) — joined in order, then encoded by the preset's
 * recipe as a single source would be. Sources of different sizes, rates and codecs join this way.
 */
export function sequenceCommand(r: SequenceRenderRequest): FfmpegCommand {
  if (r.clips.length === 0) throw new Error('a sequence export needs at least one clip');
  if (r.recipe === 'rewrapMxf' || r.recipe === 'rewrapMov')
    throw new Error('a re-wrap copies one source: it cannot join a sequence');
  const withVideo = r.recipe !== 'wav';
  const { width, height, rate } = sequenceFormat(r.clips);
  const fps = `${rate.numerator}/${rate.denominator}`;
  const parts = r.clips.map((clip, i) => {
    if (withVideo && clip.probe.videoCodec === null) throw new MediaError(MESSAGES.renderSourceHasNoVideo);
    const c = cut(clip.range, clip.probe.frameRate);
    const frames = clip.range.outFrame - clip.range.inFrame;
    const length = clip.probe.frameRate ? frameToSeconds(frames, clip.probe.frameRate) : 0;
    const video =
      `[${i}:V:0]${c.videoTrim}setpts=PTS-STARTPTS,` +
      `scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
      `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv422p10le[v${i}]`;
    const sound =
      clip.probe.audioCodec !== null
        ? `[${i}:a:0]${c.audioTrim}aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=PTS-STARTPTS[a${i}]`
        : `anullsrc=r=48000:cl=stereo,atrim=duration=${seconds(length)},aformat=sample_fmts=fltp[a${i}]`;
    return {
      input: { path: clip.input, format: clip.probe.format, options: c.input },
      filters: withVideo ? [video, sound] : [sound],
      pads: withVideo ? `[v${i}][a${i}]` : `[a${i}]`,
    };
  });
  const join = `${parts.map((p) => p.pads).join('')}concat=n=${parts.length}:v=${withVideo ? 1 : 0}:a=1${withVideo ? '[cv]' : ''}[ca]`;
  const e = recipeEncoding(
    r.recipe,
    rate,
    { video: '[cv]', pictureHead: '', audio: '[ca]', soundHead: '' },
    sequenceSeconds(r.clips),
  );
  return {
    inputs: parts.map((p) => p.input),
    outputs: [
      ...['-filter_complex', [...parts.flatMap((p) => p.filters), join, e.filterGraph].join(';'), ...e.maps],
      ...e.codecs,
      ...commonOutputs(outputTimecode(r.recipe, rate, r.startTimecode, null)),
      ...e.container,
      r.output,
    ],
  };
}
