import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAudio, type Waveform } from '../../src/media/audio.ts';
import { probeMedia } from '../../src/media/probe.ts';
import { PeakMeter } from '../../src/media/waveform.ts';
import { expectMediaError, ffmpeg, ffprobe, jobFolder, makeClip, stream, useTempFolder } from './fixtures.ts';

const root = useTempFolder();

function floats(values: readonly number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeFloatLE(value, index * 4));
  return buffer;
}

describe('renderAudio', () => {
  it('writes an AAC proxy, a waveform picture and peaks that follow the loudness', async () => {
    // Two seconds of a half-scale tone, then two of silence, mono 44.1 kHz MP3.
    const input = path.join(root(), 'tone-then-silence.mp3');
    await ffmpeg(['-f', 'lavfi', '-i', "aevalsrc='if(lt(t,2),0.5*sin(2*PI*440*t),0)':d=4:s=44100", input]);
    const dir = await jobFolder(root());
    const progress: number[] = [];

    const result = await renderAudio(input, dir, {
      probe: await probeMedia(input),
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(result).toEqual({
      files: ['proxy.m4a', 'waveform.json', 'waveform.png'],
      proxy: 'proxy.m4a',
      waveform: 'waveform.json',
      waveformImage: 'waveform.png',
    });
    const proxy = await ffprobe(path.join(dir, 'proxy.m4a'));
    expect(stream(proxy, 'audio')).toMatchObject({ codec_name: 'aac', channels: 2 });
    expect(stream(proxy, 'video')).toBeUndefined();
    expect(Number(proxy.format.duration)).toBeCloseTo(4, 0);

    const waveform = JSON.parse(await readFile(path.join(dir, 'waveform.json'), 'utf8')) as Waveform;
    expect(waveform.sampleRate).toBe(8000);
    expect(waveform.durationSeconds).toBeCloseTo(4, 1);
    expect(waveform.peaks.length).toBeLessThanOrEqual(1000);
    expect(waveform.peaks.length).toBe(
      Math.ceil((waveform.durationSeconds * 8000) / waveform.samplesPerPeak),
    );
    const half = Math.floor(waveform.peaks.length / 2);
    const loud = waveform.peaks.slice(10, half - 10);
    const quiet = waveform.peaks.slice(half + 10);
    for (const peak of loud) expect(peak).toBeGreaterThan(0.4);
    for (const peak of loud) expect(peak).toBeLessThan(0.6);
    for (const peak of quiet) expect(peak).toBeLessThan(0.01);

    expect(await sharp(path.join(dir, 'waveform.png')).metadata()).toMatchObject({
      width: 1600,
      height: 200,
    });
    expect(progress.at(-1)).toBe(1);
  });

  it('takes the audio of a video file and ignores its picture', async () => {
    const input = await makeClip(path.join(root(), 'clip.mp4'), { seconds: 2 });
    const dir = await jobFolder(root());

    await renderAudio(input, dir, { probe: await probeMedia(input) });

    const proxy = await ffprobe(path.join(dir, 'proxy.m4a'));
    expect(proxy.streams.map((s) => s.codec_type)).toEqual(['audio']);
  });

  it('refuses a file without audio', async () => {
    const input = await makeClip(path.join(root(), 'silent-film.mp4'), { seconds: 1, audio: false });

    await expectMediaError(
      renderAudio(input, await jobFolder(root()), { probe: await probeMedia(input) }),
      'The file contains no audio',
    );
  });
});

describe('PeakMeter', () => {
  it('takes the largest absolute sample of each run, whatever the chunking', () => {
    // Values a 32-bit float holds exactly.
    const samples = floats([0.125, -0.5, 0.25, 0.375, -0.25, 0.0625, 0.875, 0]);
    const meter = new PeakMeter(2000); // two samples a peak
    // Chunks that split samples in the middle of their four bytes.
    for (const [from, to] of [
      [0, 3],
      [3, 10],
      [10, 11],
      [11, 32],
    ])
      meter.push(samples.subarray(from, to));

    expect(meter.finish()).toEqual({ peaks: [0.5, 0.375, 0.25, 0.875], samplesPerPeak: 2, samples: 8 });
  });

  it('clips peaks to 1', () => {
    const meter = new PeakMeter(1);
    meter.push(floats([1.7, -3]));

    expect(meter.finish().peaks).toEqual([1, 1]);
  });

  it('keeps to 1000 peaks when the audio is far longer than announced', () => {
    const meter = new PeakMeter(1000); // expects one sample a peak
    const samples = Array.from({ length: 5000 }, (_, index) => (index === 4321 ? -0.75 : 0.01));
    meter.push(floats(samples));

    const { peaks, samplesPerPeak, samples: count } = meter.finish();
    expect(count).toBe(5000);
    expect(samplesPerPeak).toBe(8);
    expect(peaks).toHaveLength(625);
    expect(peaks.filter((peak) => peak === 0.75)).toHaveLength(1);
    expect(peaks.indexOf(0.75)).toBe(Math.floor(4321 / 8));
  });

  it('ends with a shorter last peak rather than dropping samples', () => {
    const meter = new PeakMeter(3000); // three samples a peak
    meter.push(floats([0.125, 0.125, 0.125, 0.25, 0.25, 0.25, 0.625]));

    expect(meter.finish().peaks).toEqual([0.125, 0.25, 0.625]);
  });
});
