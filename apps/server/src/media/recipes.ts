import { MESSAGES, frameToSeconds, type FrameRate, type RenderRecipe } from '@skald/domain';
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
  probe: Pick<MediaProbe, 'format' | 'videoCodec' | 'audioCodec' | 'frameRate' | 'durationSeconds'>;
  range: FrameRange | null;
  /** The output's first timecode label (a preset's override), written into the file. */
  startTimecode: string | null;
  /** The output file's name in the job folder. */
  output: string;
}

/** XDCAM HD422 knows these rates at 1080; anything else is converted to 25 (the house rate). */
const XDCAM_RATES = ['25/1', '30000/1001', '24000/1001'];

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

const seconds = (s: number): string => s.toFixed(6);

/**
 * Where to start reading and how much to take, frame-accurately: the input seeks to half a frame
 * before the in point (ffmpeg then decodes from the keyframe before it and drops every frame that
 * starts earlier, so the in frame is the first kept whatever rounding the timestamps had), video
 * stops after the exact number of frames, and sound is trimmed to the in point's time.
 */
function cut(range: FrameRange | null, rate: FrameRate | null) {
  if (range === null) return { input: [], video: [], audioTrim: '' };
  if (rate === null) throw new Error('a frame range needs the source’s frame rate');
  const halfFrame = frameToSeconds(0.5, rate);
  const start = Math.max(0, frameToSeconds(range.inFrame, rate) - halfFrame);
  const lead = frameToSeconds(range.inFrame, rate) - start;
  const duration = frameToSeconds(range.outFrame - range.inFrame, rate);
  return {
    input: ['-ss', seconds(start)],
    video: ['-frames:v', String(range.outFrame - range.inFrame)],
    audioTrim: `atrim=start=${seconds(lead)}:duration=${seconds(duration)},`,
  };
}

const STEREO_48K = 'aresample=48000,aformat=channel_layouts=stereo';

/** The filter graph: the picture through `videoFilters` to [v], the sound through `audioTail` (from its pad). */
function graph(videoFilters: string, sound: string): string[] {
  return ['-filter_complex', `[0:V:0]${videoFilters}setpts=PTS-STARTPTS[v]${sound}`, '-map', '[v]'];
}

/** The ffmpeg command of a render: the recipe's codecs and container, the range cut exactly. */
export function recipeCommand(r: RenderRequest): FfmpegCommand {
  const { probe } = r;
  const c = cut(r.range, probe.frameRate);
  const inputs = [{ path: r.input, format: probe.format, options: c.input }];
  const hasAudio = probe.audioCodec !== null;
  if (r.recipe !== 'wav' && probe.videoCodec === null) throw new MediaError(MESSAGES.renderSourceHasNoVideo);
  if (r.recipe === 'wav' && !hasAudio) throw new MediaError(MESSAGES.renderSourceHasNoAudio);
  const common = [
    ...['-map_metadata', '-1', '-map_chapters', '-1'],
    ...(r.startTimecode === null ? [] : ['-timecode', r.startTimecode]),
  ];
  const sound = `${c.audioTrim}${STEREO_48K},asetpts=PTS-STARTPTS`;
  const stereo = hasAudio ? `;[0:a:0]${sound}[a]` : '';
  const mapStereo = hasAudio ? ['-map', '[a]'] : [];

  switch (r.recipe) {
    case 'h264Mp4':
      return {
        inputs,
        outputs: [
          ...graph('yadif=deint=interlaced,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p,', stereo),
          ...mapStereo,
          ...c.video,
          ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '20', '-profile:v', 'high'],
          ...['-c:a', 'aac', '-b:a', '192k', ...common, '-movflags', '+faststart', '-f', 'mp4', r.output],
        ],
      };
    case 'xdcamHd422Mxf':
      return { inputs, outputs: xdcamOutputs(r, c, sound, common) };
    case 'prores422Mov':
      return {
        inputs,
        outputs: [
          ...graph('format=yuv422p10le,', stereo),
          ...mapStereo,
          ...c.video,
          ...['-c:v', 'prores_ks', '-profile:v', '2', '-vendor', 'apl0', '-pix_fmt', 'yuv422p10le'],
          ...['-c:a', 'pcm_s24le', ...common, '-f', 'mov', r.output],
        ],
      };
    case 'wav':
      return {
        inputs,
        outputs: [
          ...['-filter_complex', `[0:a:0]${sound}[a]`, '-map', '[a]'],
          ...['-c:a', 'pcm_s24le', ...common, '-f', 'wav', r.output],
        ],
      };
    case 'rewrapMxf':
    case 'rewrapMov':
      if (r.range !== null) throw new Error('a re-wrap copies the whole source');
      return {
        inputs: [{ path: r.input, format: probe.format }],
        outputs: [
          ...['-map', '0:V:0?', '-map', '0:a?', '-c', 'copy', ...common],
          ...['-f', r.recipe === 'rewrapMxf' ? 'mxf' : 'mov', r.output],
        ],
      };
  }
}

/**
 * XDCAM HD422 at 50 Mb/s: MPEG-2 4:2:2 Profile @ High Level, 1920×1080, constant bit rate, closed
 * long GOP of 12, interlaced top field first (progressive at 23.976), in OP1a MXF, with the sound
 * as two mono tracks of 24-bit 48 kHz PCM (silence when the source has none), as playout servers
 * and editing tools expect.
 */
function xdcamOutputs(
  r: RenderRequest,
  c: ReturnType<typeof cut>,
  sound: string,
  common: string[],
): string[] {
  const { probe } = r;
  const rate = probe.frameRate ? `${probe.frameRate.numerator}/${probe.frameRate.denominator}` : '';
  const fps = XDCAM_RATES.includes(rate) ? '' : 'fps=25,';
  const interlaced = rate !== '24000/1001';
  const picture = `${fps}scale=1920:1080:interl=${interlaced ? 1 : 0},setsar=1,${interlaced ? 'setfield=tff,' : ''}format=yuv422p,`;
  const tracks =
    probe.audioCodec !== null
      ? `;[0:a:0]${sound},channelsplit=channel_layout=stereo[a1][a2]`
      : ';anullsrc=r=48000:cl=mono,asplit[a1][a2]';
  // Silence has no end of its own: the picture's length ends it.
  const frames = r.range ? r.range.outFrame - r.range.inFrame : null;
  const length =
    frames !== null && probe.frameRate
      ? frameToSeconds(frames, probe.frameRate)
      : (probe.durationSeconds ?? 0);
  return [
    ...graph(picture, tracks),
    ...['-map', '[a1]', '-map', '[a2]', ...c.video],
    ...['-c:v', 'mpeg2video', '-profile:v', '0', '-level:v', '2', '-pix_fmt', 'yuv422p'],
    ...['-b:v', '50M', '-minrate', '50M', '-maxrate', '50M', '-bufsize', '17825792'],
    ...['-rc_init_occupancy', '17825792', '-g', '12', '-bf', '2', '-sc_threshold', '1000000000'],
    ...['-intra_vlc', '1', '-non_linear_quant', '1', '-dc', '10', '-qmin', '1', '-qmax', '12'],
    ...(interlaced ? ['-flags', '+ilme+ildct+cgop', '-top', '1'] : ['-flags', '+cgop']),
    ...['-c:a', 'pcm_s24le', '-ar', '48000'],
    ...(probe.audioCodec === null ? ['-t', seconds(length)] : []),
    ...common,
    ...['-f', 'mxf', r.output],
  ];
}
