import path from 'node:path';
import { MESSAGES, type RenderRecipe } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { probeMedia } from '../../src/media/probe.ts';
import { runRecipe } from '../../src/media/recipe-run.ts';
import { RECIPE_EXTENSIONS, type FrameRange } from '../../src/media/recipes.ts';
import {
  countedProbe as probe,
  expectMediaError,
  ffmpeg,
  jobFolder,
  makeClip,
  useTempFolder,
  type Probed,
} from './fixtures.ts';
import { closestFrame, decodedFrames, makeNumberedClip, range } from './numbered-frames.ts';

const root = useTempFolder();

const video = (p: Probed) => p.streams.filter((s) => s.codec_type === 'video');
const audio = (p: Probed) => p.streams.filter((s) => s.codec_type === 'audio');

async function render(
  input: string,
  recipe: RenderRecipe,
  options: { range?: FrameRange; startTimecode?: string } = {},
) {
  const dir = await jobFolder(root());
  const output = path.join(dir, `out.${RECIPE_EXTENSIONS[recipe]}`);
  const progress: number[] = [];
  await runRecipe(
    {
      recipe,
      input,
      probe: await probeMedia(input),
      range: options.range ?? null,
      startTimecode: options.startTimecode ?? null,
      output,
    },
    { jobDir: dir, inputFile: input, timeoutMs: 300_000, onProgress: (f) => progress.push(f) },
  );
  return { output, progress, report: await probe(output) };
}

const clip = (name: string, options: Parameters<typeof makeClip>[1] = {}) =>
  makeClip(path.join(root(), `${name}.mp4`), { width: 640, height: 360, seconds: 2, ...options });

// Real ffmpeg encodes (1080p sources, XDCAM MXF): several times slower while the machine's two cores
// are busy with other suites, so 20 s ran out in a loaded run.
describe('the built-in recipes, checked with ffprobe', { timeout: 90_000 }, () => {
  it('web: H.264 High 4:2:0 and stereo AAC in MP4, at the source’s rate, with progress to the end', async () => {
    const { report, progress } = await render(await clip('web-src', { output: ['-ac', '2'] }), 'h264Mp4');
    expect(report.format.format_name).toContain('mp4');
    expect(video(report)).toMatchObject([
      { codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', r_frame_rate: '25/1', nb_read_frames: '50' },
    ]);
    expect(audio(report)).toMatchObject([
      { codec_name: 'aac', channels: 2, channel_layout: 'stereo', sample_rate: '48000' },
    ]);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('broadcast: XDCAM HD 422 50 Mb/s (MPEG-2 4:2:2P@HL, 1080i25 top field first) with two mono 24-bit tracks in MXF', async () => {
    const { report } = await render(await clip('xdcam-src'), 'xdcamHd422Mxf');
    expect(report.format.format_name).toBe('mxf');
    const [picture] = video(report);
    expect(picture).toMatchObject({
      codec_name: 'mpeg2video',
      profile: '4:2:2',
      pix_fmt: 'yuv422p',
      width: 1920,
      height: 1080,
      r_frame_rate: '25/1',
      field_order: 'tt',
      nb_read_frames: '50',
    });
    expect(Number(picture?.bit_rate)).toBe(50_000_000);
    expect(audio(report)).toMatchObject([
      { codec_name: 'pcm_s24le', channels: 1, sample_rate: '48000' },
      { codec_name: 'pcm_s24le', channels: 1, sample_rate: '48000' },
    ]);
  });

  it('broadcast: keeps 29.97 as it is and gives a silent source two silent tracks of the picture’s length', async () => {
    const input = path.join(root(), 'ntsc.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30000/1001:duration=1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', input],
    ]);
    const { report } = await render(input, 'xdcamHd422Mxf');
    expect(video(report)[0]).toMatchObject({
      r_frame_rate: '30000/1001',
      field_order: 'tt',
      nb_read_frames: '30',
    });
    expect(audio(report)).toHaveLength(2);
    expect(Number(report.format.duration)).toBeCloseTo(30 / (30000 / 1001), 1);
  });

  it('editing: ProRes 422 (10-bit 4:2:2) with 24-bit PCM stereo in MOV', async () => {
    const { report } = await render(await clip('prores-src', { output: ['-ac', '2'] }), 'prores422Mov');
    expect(report.format.format_name).toContain('mov');
    expect(video(report)).toMatchObject([
      { codec_name: 'prores', profile: 'Standard', pix_fmt: 'yuv422p10le', r_frame_rate: '25/1' },
    ]);
    expect(audio(report)).toMatchObject([{ codec_name: 'pcm_s24le', channels: 2, sample_rate: '48000' }]);
  });

  it('audio only: 24-bit 48 kHz stereo WAV, and a clear refusal for a source without sound', async () => {
    const { report } = await render(await clip('wav-src'), 'wav');
    expect(report.format.format_name).toBe('wav');
    expect(video(report)).toEqual([]);
    expect(audio(report)).toMatchObject([
      { codec_name: 'pcm_s24le', channels: 2, channel_layout: 'stereo', sample_rate: '48000' },
    ]);
    await expectMediaError(
      render(await clip('mute', { audio: false }), 'wav'),
      MESSAGES.renderSourceHasNoAudio,
    );
  });

  it('re-wrap: copies the streams untouched into MOV or MXF, or says the container cannot hold them', async () => {
    const source = await clip('rewrap-src');
    const { report } = await render(source, 'rewrapMov');
    const original = await probe(source);
    expect(report.format.format_name).toContain('mov');
    expect(report.streams.map((s) => [s.codec_name, s.profile, s.nb_read_frames])).toEqual(
      original.streams.map((s) => [s.codec_name, s.profile, s.nb_read_frames]),
    );
    // Broadcast MXF re-wraps into MXF; H.264 with 44.1 kHz AAC cannot go there as it is.
    const broadcast = await render(source, 'xdcamHd422Mxf');
    expect(video((await render(broadcast.output, 'rewrapMxf')).report)[0]).toMatchObject({
      codec_name: 'mpeg2video',
      nb_read_frames: '50',
    });
    await expectMediaError(render(source, 'rewrapMxf'), MESSAGES.renderCodecsNotRewrappable);
  });

  it('writes a preset’s start timecode into the file, as a label of the output’s rate', async () => {
    const source = await clip('tc-src');
    for (const startTimecode of ['10:00:00:00', '10:00:00;00']) {
      const { report } = await render(source, 'xdcamHd422Mxf', { startTimecode });
      expect(report.format.tags?.timecode ?? video(report)[0]?.tags?.timecode).toBe('10:00:00:00');
    }
  });
});

describe('frame accuracy (issue 15: a subclip from frame 250 to 500 starts on 250 and has exactly 250 frames)', () => {
  // Decoded frames of the burned-in source; each output frame is matched against it.
  it.each<RenderRecipe>(['h264Mp4', 'xdcamHd422Mxf'])(
    '%s',
    async (recipe) => {
      const source = await makeNumberedClip(path.join(root(), `numbered-${recipe}.mp4`), 600);
      const sourceFrames = await decodedFrames(source);
      expect(sourceFrames).toHaveLength(600);
      const { output, report } = await render(source, recipe, { range: { inFrame: 250, outFrame: 500 } });
      expect(video(report)[0]?.nb_read_frames).toBe('250');
      const frames = await decodedFrames(output);
      expect(frames).toHaveLength(250);
      // The first frame is source frame 250 among all 600; every other is its own frame among its neighbours.
      expect(closestFrame(frames[0] ?? Buffer.alloc(0), sourceFrames, range(0, 600))).toBe(250);
      expect(closestFrame(frames[249] ?? Buffer.alloc(0), sourceFrames, range(0, 600))).toBe(499);
      const shown = frames.map((f, i) => closestFrame(f, sourceFrames, range(245 + i, 256 + i)));
      expect(shown).toEqual(range(250, 500));
      // The sound lasts as long as the picture (within one audio frame).
      expect(Number(report.format.duration)).toBeCloseTo(10, 1);
    },
    90_000,
  );
});
