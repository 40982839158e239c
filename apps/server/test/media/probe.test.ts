import { createHash } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { probeMedia, sha256File, sniffFile } from '../../src/media/probe.ts';
import { expectMediaError, ffmpeg, makeClip, useTempFolder } from './fixtures.ts';

const root = useTempFolder();

describe('probeMedia', () => {
  it('reads a video’s technical metadata', async () => {
    const input = await makeClip(path.join(root(), 'clip.mp4'), { seconds: 2 });

    const probe = await probeMedia(input);

    expect(probe).toEqual({
      durationSeconds: expect.closeTo(2, 1) as number,
      container: 'mp4',
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 320,
      height: 240,
      frameRate: { numerator: 25, denominator: 1 },
      bitrate: expect.any(Number) as number,
      size: (await stat(input)).size,
      startTimecode: null,
      mimeType: 'video/mp4',
      format: 'mov,mp4,m4a,3gp,3g2,mj2',
    });
  });

  it('does not count cover art as video', async () => {
    const cover = path.join(root(), 'cover.png');
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#369' } })
      .png()
      .toFile(cover);
    const input = path.join(root(), 'song.mp3');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=2', '-i', cover, '-map', '0', '-map', '1'],
      ...['-c:a', 'libmp3lame', '-c:v', 'png', '-disposition:v', 'attached_pic', input],
    ]);

    expect(await probeMedia(input)).toMatchObject({
      container: 'mp3',
      audioCodec: 'mp3',
      videoCodec: null,
      width: null,
      height: null,
      frameRate: null,
      mimeType: 'audio/mpeg',
      format: 'mp3',
    });
  });

  it('reads a picture without inventing a duration or a frame rate', async () => {
    const input = path.join(root(), 'picture.png');
    await sharp({ create: { width: 48, height: 32, channels: 3, background: '#fff' } })
      .png()
      .toFile(input);

    expect(await probeMedia(input)).toMatchObject({
      durationSeconds: null,
      container: 'png',
      videoCodec: 'png',
      audioCodec: null,
      width: 48,
      height: 32,
      frameRate: null,
      mimeType: 'image/png',
    });
  });

  it('refuses a picture wider than 16384 pixels', async () => {
    const input = path.join(root(), 'panorama.png');
    await sharp({ create: { width: 16_400, height: 4, channels: 3, background: '#000' } })
      .png()
      .toFile(input);

    const error = await expectMediaError(probeMedia(input), MESSAGES.pictureTooLarge);
    expect(error.detail).toBe('16400×4; the limit is 16384 pixels a side and 100 megapixels');
  });

  it('refuses a container with neither audio nor video', async () => {
    const subtitles = path.join(root(), 'subtitles.srt');
    await writeFile(subtitles, '1\n00:00:00,000 --> 00:00:01,000\nHello\n');
    const input = path.join(root(), 'subtitles-only.mkv');
    await ffmpeg(['-i', subtitles, input]);

    await expectMediaError(probeMedia(input), 'The file contains no audio, video or picture');
  });
});

describe('sha256File', () => {
  it('hashes the whole file, streamed', async () => {
    const file = path.join(root(), 'bytes.bin');
    const content = Buffer.alloc(3 * 1024 * 1024 + 7, 'skald');
    await writeFile(file, content);

    expect(await sha256File(file)).toBe(createHash('sha256').update(content).digest('hex'));
  });

  it('matches the standard test vector', async () => {
    const file = path.join(root(), 'abc.txt');
    await writeFile(file, 'abc');

    expect(await sha256File(file)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('sniffFile', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
  it.each([
    ['an SVG', svg, 'image/svg+xml', 'svg', 'image'],
    [
      'an SVG with an XML declaration',
      `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`,
      'image/svg+xml',
      'svg',
      'image',
    ],
    [
      'an SVG with a comment and a doctype holding entities',
      `\uFEFF<!-- drawn by hand -->\n<!DOCTYPE svg [ <!ENTITY c "red"> ]>\n${svg}`,
      'image/svg+xml',
      'svg',
      'image',
    ],
    ['XML that is not SVG', '<?xml version="1.0"?>\n<xmeml version="5"/>', 'application/xml', 'xml', 'file'],
    ['plain text', 'hello, this is text', null, null, 'file'],
    ['a PDF', '%PDF-1.4\n%âãÏÓ\n', 'application/pdf', 'pdf', 'file'],
  ])('recognises %s', async (_what, content, mimeType, extension, kind) => {
    const file = path.join(root(), `sniff-${String(extension)}-${content.length}.bin`);
    await writeFile(file, content);

    expect(await sniffFile(file)).toEqual({ mimeType, extension, kind });
  });

  const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=64x48', '-frames:v', '1'];
  it.each([
    [
      'a PNG named .mp4',
      'picture.mp4',
      [...picture, '-c:v', 'png', '-f', 'image2'],
      'image/png',
      'png',
      'image',
    ],
    [
      'a WAV named .jpg',
      'sound.jpg',
      ['-f', 'lavfi', '-i', 'sine=duration=0.2', '-f', 'wav'],
      'audio/wav',
      'wav',
      'audio',
    ],
    [
      'an MXF named .txt',
      'notes.txt',
      [...picture, '-c:v', 'mpeg2video', '-f', 'mxf'],
      'application/mxf',
      'mxf',
      'video',
    ],
  ])('goes by the content of %s, not its name', async (_what, name, args, mimeType, extension, kind) => {
    const file = path.join(root(), name);
    await ffmpeg([...args, file]);

    expect(await sniffFile(file)).toEqual({ mimeType, extension, kind });
  });

  it('keeps concurrent sniffs apart: each answers its own file', async () => {
    const exe = path.join(root(), 'program.mp4');
    await writeFile(exe, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]));
    const png = path.join(root(), 'picture.bin');
    await writeFile(
      png,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const files = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? exe : png));
    const answers = await Promise.all(files.map((f) => sniffFile(f)));
    expect(answers.map((a) => a.extension)).toEqual(files.map((f) => (f === exe ? 'exe' : 'png')));
  });
});
