import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMUXER_WHITELIST,
  ffmpegArgs,
  ffprobeArgs,
  runFfmpeg,
  type FfmpegCommand,
} from '../../src/media/ffmpeg.ts';
import { expectMediaError, jobFolder, makeClip, useTempFolder } from './fixtures.ts';

const root = useTempFolder();
let clip = '';
beforeAll(async () => {
  clip = await makeClip(path.join(root(), 'clip.mp4'), { width: 160, height: 120, seconds: 4 });
});

/** Re-encodes the clip to a small MP4 in the job folder; `options` go before its -i. */
function transcode(options: readonly string[] = []): FfmpegCommand {
  return {
    inputs: [{ path: clip, format: 'mov,mp4,m4a,3gp,3g2,mj2', options }],
    outputs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', 'out.mp4'],
  };
}

describe('ffmpegArgs and ffprobeArgs', () => {
  it('put the protocol and demuxer whitelists, the pixel limit and a file: URL on every input', () => {
    const args = ffmpegArgs({
      inputs: [{ path: '/jobs/a/in.mov', format: 'mov' }, { path: '/jobs/a/music.wav' }],
      outputs: ['out.mp4'],
    });

    expect(args.slice(0, 4)).toEqual(['-nostdin', '-hide_banner', '-loglevel', 'error']);
    expect(args).toContain('-progress');
    const whitelists = [
      ...['-max_pixels', '100000000', '-protocol_whitelist', 'file,pipe'],
      ...['-format_whitelist', DEMUXER_WHITELIST.join(',')],
    ];
    expect(args.join(' ')).toContain([...whitelists, '-f', 'mov', '-i', 'file:/jobs/a/in.mov'].join(' '));
    expect(args.join(' ')).toContain([...whitelists, '-i', 'file:/jobs/a/music.wav', 'out.mp4'].join(' '));
    expect(ffprobeArgs({ path: 'relative.mp4' }).slice(-8)).toEqual([
      ...whitelists,
      '-i',
      `file:${path.resolve('relative.mp4')}`,
    ]);
  });

  it.each([
    'hls',
    'dash',
    'webm_dash_manifest',
    'concat',
    'rtsp',
    'sdp',
    'rtp',
    'lavfi',
    'ffmetadata',
    'data',
  ])('never allow the %s demuxer', (demuxer) => {
    expect(DEMUXER_WHITELIST).not.toContain(demuxer);
  });
});

describe('runFfmpeg', () => {
  it('reports progress from 0 to 1 and writes into the job folder', async () => {
    const dir = await jobFolder(root());
    const progress: number[] = [];

    await runFfmpeg(transcode(), {
      jobDir: dir,
      inputFile: clip,
      timeoutMs: 60_000,
      durationSeconds: 4,
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThanOrEqual(0);
    expect(progress.at(-1)).toBe(1);
    expect(existsSync(path.join(dir, 'out.mp4'))).toBe(true);
  });

  it.each([
    ['a file in another folder', () => path.join(root(), 'clip.mp4'), undefined],
    ['a path climbing out of the job folder', (dir: string) => path.join(dir, '..', 'clip.mp4'), undefined],
    ['the job folder itself', (dir: string) => dir, undefined],
    [
      'a file next to the declared input',
      () => path.join(root(), 'other.mp4'),
      () => path.join(root(), 'clip.mp4'),
    ],
  ])('refuses to read %s', async (_what, input, inputFile) => {
    const dir = await jobFolder(root());

    await expect(
      runFfmpeg(
        { inputs: [{ path: input(dir) }], outputs: ['out.mp4'] },
        { jobDir: dir, inputFile: inputFile?.(), timeoutMs: 60_000 },
      ),
    ).rejects.toThrow(/^Refusing to read/);
  });

  it('kills a run that passes its time limit', async () => {
    const dir = await jobFolder(root());

    // -re reads the 4-second clip at its own pace, so it cannot finish within 300 ms.
    const error = await expectMediaError(
      runFfmpeg(transcode(['-re']), { jobDir: dir, inputFile: clip, timeoutMs: 300 }),
      MESSAGES.mediaTimedOut,
    );
    expect(error.detail).toMatch(/^stopped after 1 s; ffmpeg exited with SIGKILL/);
  });

  it('kills a run when its signal aborts', async () => {
    const dir = await jobFolder(root());
    const controller = new AbortController();

    const run = runFfmpeg(transcode(['-re']), {
      jobDir: dir,
      inputFile: clip,
      timeoutMs: 60_000,
      signal: controller.signal,
      durationSeconds: 4,
      onProgress: () => {
        controller.abort();
      },
    });

    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not start when the signal has already aborted', async () => {
    const dir = await jobFolder(root());

    await expect(
      runFfmpeg(transcode(), {
        jobDir: dir,
        inputFile: clip,
        timeoutMs: 60_000,
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails with a user-facing message and keeps the tool’s complaint as the detail', async () => {
    const dir = await jobFolder(root());
    const notAVideo = path.join(dir, 'notes.mp4');
    await writeFile(notAVideo, 'these are not moving pictures');

    const error = await expectMediaError(
      runFfmpeg({ inputs: [{ path: notAVideo }], outputs: ['out.mp4'] }, { jobDir: dir, timeoutMs: 60_000 }),
      'The media could not be converted',
    );
    expect(error.detail).toMatch(/^ffmpeg exited with 1: .*moov atom not found/s);
  });
});
