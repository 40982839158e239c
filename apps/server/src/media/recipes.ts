import {
  MESSAGES,
  SOUND_FRAME_RATE,
  frameToSeconds,
  sourceTimecode,
  timecodeAtRate,
  type FrameRate,
  type RenderRecipe,
} from '@skald/domain';
import type { FfmpegCommand } from './ffmpeg.ts';
import { MediaError } from './media-error.ts';
import type { MediaProbe } from './probe.ts';

/** A frame range of a source: `inFrame` included, `outFrame` excluded; null renders it whole. */
export interface FrameRange {
  inFrame: number;
  outFrame: number;
}

export interface RenderRequest {
  recipe: RenderRecipe;
  input: string;
  probe: Pick<
    MediaProbe,
    'format' | 'videoCodec' | 'audioCodec' | 'frameRate' | 'durationSeconds' | 'startTimecode'
  >;
  range: FrameRange | null;
  /** The preset's override start timecode; null keeps the source's own (outputTimecode). */
  startTimecode: string | null;
  /** The output file's name in the job folder. */
  output: string;
}

/** XDCAM HD422 knows these rates at 1080; anything else is converted to 25 (the house rate). */
const XDCAM_RATES = ['25/1', '30000/1001', '24000/1001'];
const HOUSE_RATE: FrameRate = { numerator: 25, denominator: 1 };

const written = (rate: FrameRate | null): string => (rate ? `${rate.numerator}/${rate.denominator}` : '');

/** The frame rate of a recipe's picture made from a picture of `rate`: kept, but by XDCAM; none for WAV. */
export function recipeFrameRate(recipe: RenderRecipe, rate: FrameRate | null): FrameRate | null {
  if (recipe === 'wav') return null;
  if (recipe === 'xdcamHd422Mxf' && !XDCAM_RATES.includes(written(rate))) return HOUSE_RATE;
  return rate;
}

/**
 * The output's first timecode label, at the rate the recipe writes (`rate` is the one it reads):
 * the preset's override, a label of that rate (its separator set right); else the source's own
 * label at the first frame rendered, carried to that rate — XDCAM makes 25 of 59.94, where a
 * drop-frame label (`;`) does not exist and ffmpeg refuses it. WAV has no timecode (BWF's time
 * reference is samples, not a label).
 */
export function outputTimecode(
  recipe: RenderRecipe,
  rate: FrameRate | null,
  override: string | null,
  source: { startTimecode: string | null; firstFrame: number } | null,
): string | null {
  if (recipe === 'wav') return null;
  const out = recipeFrameRate(recipe, rate);
  if (override !== null) return (out && timecodeAtRate(override, out, out)) ?? override;
  if (!source?.startTimecode || rate === null || out === null) return null;
  return timecodeAtRate(sourceTimecode(source.firstFrame, rate, source.startTimecode), rate, out);
}

/** The file name extension of a recipe's output. */
export const RECIPE_EXTENSIONS: Record<RenderRecipe, string> = {
  h264Mp4: 'mp4',
  xdcamHd422Mxf: 'mxf',
  prores422Mov: 'mov',
  wav: 'wav',
  rewrapMxf: 'mxf',
  rewrapMov: 'mov',
};

/** The MIME type of a recipe's output, as stored with the version. */
export const RECIPE_MIME_TYPES: Record<RenderRecipe, string> = {
  h264Mp4: 'video/mp4',
  xdcamHd422Mxf: 'application/mxf',
  prores422Mov: 'video/quicktime',
  wav: 'audio/wav',
  rewrapMxf: 'application/mxf',
  rewrapMov: 'video/quicktime',
};

export const seconds = (s: number): string => s.toFixed(6);

/** The rate a range of a source is counted in: its picture's, or for sound alone the house rate. */
export const rangeRate = (probe: Pick<MediaProbe, 'frameRate' | 'videoCodec'>): FrameRate | null =>
  probe.frameRate ?? (probe.videoCodec === null ? SOUND_FRAME_RATE : null);

/**
 * Where to start reading and how much to take, frame-accurately: the input seeks to half a frame
 * before the in point (ffmpeg then decodes from the keyframe before it and drops every frame that
 * starts earlier, so the in frame is the first kept whatever rounding the timestamps had), the
 * picture is trimmed to the exact number of source frames before any change of rate (XDCAM makes
 * 25 of 59.94: counting output frames would take another length), and sound to the in point's time.
 */
export function cut(range: FrameRange | null, rate: FrameRate | null) {
  if (range === null) return { input: [], videoTrim: '', audioTrim: '' };
  if (rate === null) throw new Error('a frame range needs the source’s frame rate');
  const halfFrame = frameToSeconds(0.5, rate);
  const start = Math.max(0, frameToSeconds(range.inFrame, rate) - halfFrame);
  const lead = frameToSeconds(range.inFrame, rate) - start;
  const duration = frameToSeconds(range.outFrame - range.inFrame, rate);
  return {
    input: ['-ss', seconds(start)],
    videoTrim: `trim=end_frame=${String(range.outFrame - range.inFrame)},`,
    audioTrim: `atrim=start=${seconds(lead)}:duration=${seconds(duration)},`,
  };
}

const STEREO_48K = 'aresample=48000,aformat=channel_layouts=stereo';

/** Where a recipe's encoding reads from: the picture's pad, and the sound's pad (null: none) with the filters it needs first. */
export interface EncodingPads {
  video: string;
  /** Filters the picture takes first (a range's trim), each ending in a comma. */
  pictureHead: string;
  audio: string | null;
  /** Filters before the sound is made stereo 48 kHz (a range's trim), each ending in a comma. */
  soundHead: string;
}

/** The part of a render after its input: filters from the pads, then codecs and container. */
export interface Encoding {
  filterGraph: string;
  maps: string[];
  /** Codec options, before the common ones. */
  codecs: string[];
  /** Container options, after the common ones. */
  container: string[];
  hasVideo: boolean;
}

/**
 * A recipe's encoding: its picture filters and codecs and its sound layout, from the given pads.
 * `lengthSeconds` ends the silence XDCAM adds to a source without sound.
 */
export function recipeEncoding(
  recipe: RenderRecipe,
  rate: FrameRate | null,
  pads: EncodingPads,
  lengthSeconds: number,
): Encoding {
  const sound = `${pads.soundHead}${STEREO_48K},asetpts=PTS-STARTPTS`;
  const stereo = pads.audio === null ? '' : `;${pads.audio}${sound}[a]`;
  const mapStereo = pads.audio === null ? [] : ['-map', '[a]'];
  const picture = (filters: string) => `${pads.video}${pads.pictureHead}${filters}setpts=PTS-STARTPTS[v]`;
  switch (recipe) {
    case 'h264Mp4':
      return {
        filterGraph:
          picture('yadif=deint=interlaced,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p,') + stereo,
        maps: ['-map', '[v]', ...mapStereo],
        codecs: [
          ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '20', '-profile:v', 'high'],
          ...['-c:a', 'aac', '-b:a', '192k'],
        ],
        container: ['-movflags', '+faststart', '-f', 'mp4'],
        hasVideo: true,
      };
    case 'xdcamHd422Mxf':
      return xdcamEncoding(rate, pads, sound, lengthSeconds);
    case 'prores422Mov':
      return {
        filterGraph: picture('format=yuv422p10le,') + stereo,
        maps: ['-map', '[v]', ...mapStereo],
        codecs: [
          ...['-c:v', 'prores_ks', '-profile:v', '2', '-vendor', 'apl0', '-pix_fmt', 'yuv422p10le'],
          ...['-c:a', 'pcm_s24le'],
        ],
        container: ['-f', 'mov'],
        hasVideo: true,
      };
    case 'wav':
      return {
        filterGraph: `${pads.audio ?? ''}${sound}[a]`,
        maps: ['-map', '[a]'],
        codecs: ['-c:a', 'pcm_s24le'],
        container: ['-f', 'wav'],
        hasVideo: false,
      };
    case 'rewrapMxf':
    case 'rewrapMov':
      throw new Error('a re-wrap copies the streams: it has no encoding');
  }
}

/** Options every render writes: no metadata or chapters of the source, the output's start timecode. */
export const commonOutputs = (startTimecode: string | null): string[] => [
  ...['-map_metadata', '-1', '-map_chapters', '-1'],
  ...(startTimecode === null ? [] : ['-timecode', startTimecode]),
];

/** The ffmpeg command of a render: the recipe's codecs and container, the range cut exactly. */
export function recipeCommand(r: RenderRequest): FfmpegCommand {
  const { probe } = r;
  const hasAudio = probe.audioCodec !== null;
  if (r.recipe !== 'wav' && probe.videoCodec === null) throw new MediaError(MESSAGES.renderSourceHasNoVideo);
  if (r.recipe === 'wav' && !hasAudio) throw new MediaError(MESSAGES.renderSourceHasNoAudio);
  const common = commonOutputs(
    outputTimecode(r.recipe, probe.frameRate, r.startTimecode, {
      startTimecode: probe.startTimecode,
      firstFrame: r.range?.inFrame ?? 0,
    }),
  );
  if (r.recipe === 'rewrapMxf' || r.recipe === 'rewrapMov') {
    if (r.range !== null) throw new Error('a re-wrap copies the whole source');
    return {
      inputs: [{ path: r.input, format: probe.format }],
      outputs: [
        ...['-map', '0:V:0?', '-map', '0:a?', '-c', 'copy', ...common],
        ...['-f', r.recipe === 'rewrapMxf' ? 'mxf' : 'mov', r.output],
      ],
    };
  }
  const rate = rangeRate(probe);
  const c = cut(r.range, rate);
  const length =
    r.range !== null && rate
      ? frameToSeconds(r.range.outFrame - r.range.inFrame, rate)
      : (probe.durationSeconds ?? 0);
  const e = recipeEncoding(
    r.recipe,
    probe.frameRate,
    {
      video: '[0:V:0]',
      pictureHead: c.videoTrim,
      audio: hasAudio ? '[0:a:0]' : null,
      soundHead: c.audioTrim,
    },
    length,
  );
  return {
    inputs: [{ path: r.input, format: probe.format, options: c.input }],
    outputs: [
      ...['-filter_complex', e.filterGraph, ...e.maps],
      ...e.codecs,
      ...common,
      ...e.container,
      r.output,
    ],
  };
}

/**
 * XDCAM HD422 at 50 Mb/s: MPEG-2 4:2:2 Profile @ High Level, 1920×1080, constant bit rate, closed
 * long GOP of 12, interlaced top field first (progressive at 23.976), in OP1a MXF, with the sound
 * as two mono tracks of 24-bit 48 kHz PCM (silence when the source has none), as playout servers
 * and editing tools expect.
 */
function xdcamEncoding(
  frameRate: FrameRate | null,
  pads: EncodingPads,
  sound: string,
  lengthSeconds: number,
): Encoding {
  const rate = recipeFrameRate('xdcamHd422Mxf', frameRate);
  const fps = rate === frameRate ? '' : `fps=${written(rate)},`;
  const interlaced = written(rate) !== '24000/1001';
  const picture = `${fps}scale=1920:1080:interl=${interlaced ? 1 : 0},setsar=1,${interlaced ? 'setfield=tff,' : ''}format=yuv422p,`;
  const tracks =
    pads.audio !== null
      ? `;${pads.audio}${sound},channelsplit=channel_layout=stereo[a1][a2]`
      : ';anullsrc=r=48000:cl=mono,asplit[a1][a2]';
  return {
    filterGraph: `${pads.video}${pads.pictureHead}${picture}setpts=PTS-STARTPTS[v]${tracks}`,
    maps: ['-map', '[v]', '-map', '[a1]', '-map', '[a2]'],
    codecs: [
      ...['-c:v', 'mpeg2video', '-profile:v', '0', '-level:v', '2', '-pix_fmt', 'yuv422p'],
      ...['-b:v', '50M', '-minrate', '50M', '-maxrate', '50M', '-bufsize', '17825792'],
      ...['-rc_init_occupancy', '17825792', '-g', '12', '-bf', '2', '-sc_threshold', '1000000000'],
      ...['-intra_vlc', '1', '-non_linear_quant', '1', '-dc', '10', '-qmin', '1', '-qmax', '12'],
      ...(interlaced ? ['-flags', '+ilme+ildct+cgop', '-top', '1'] : ['-flags', '+cgop']),
      ...['-c:a', 'pcm_s24le', '-ar', '48000'],
      // Silence has no end of its own: the picture's length ends it.
      ...(pads.audio === null ? ['-t', seconds(lengthSeconds)] : []),
    ],
    container: ['-f', 'mxf'],
    hasVideo: true,
  };
}
