import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { runFfmpeg } from './ffmpeg.ts';
import { renderTimeoutMs } from './limits.ts';
import { MediaError } from './media-error.ts';
import type { RenderOptions } from './render.ts';
import { PeakMeter } from './waveform.ts';

const PROXY = 'proxy.m4a';
const WAVEFORM = 'waveform.json';
const WAVEFORM_IMAGE = 'waveform.png';
/** Peaks need no more: even a 1000-peak waveform of one second has 8 samples a peak. */
const PEAK_SAMPLE_RATE = 8_000;

export interface AudioRenditions {
  /** Every file written, relative to the output folder. */
  files: string[];
  proxy: string;
  waveform: string;
  waveformImage: string;
}

/** waveform.json, as the player reads it. */
export interface Waveform {
  peaks: number[];
  samplesPerPeak: number;
  sampleRate: number;
  durationSeconds: number;
}

/**
 * One decode feeds three outputs: the AAC proxy, the waveform picture, and mono PCM on stdout
 * from which the peaks are measured as it arrives.
 */
export async function renderAudio(
  input: string,
  outDir: string,
  options: RenderOptions,
): Promise<AudioRenditions> {
  const { probe } = options;
  if (!probe.audioCodec) throw new MediaError(MESSAGES.fileHasNoAudio);
  const meter = new PeakMeter((probe.durationSeconds ?? 0) * PEAK_SAMPLE_RATE);
  await runFfmpeg(
    {
      inputs: [{ path: input, format: probe.format }],
      outputs: [
        ...[
          '-filter_complex',
          '[0:a:0]aformat=channel_layouts=mono,showwavespic=s=1600x200:colors=#4c6ef5[wave]',
        ],
        ...['-map', '0:a:0', '-map_metadata', '-1', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
        ...['-movflags', '+faststart', PROXY],
        ...[
          '-map',
          '0:a:0',
          '-ac',
          '1',
          '-ar',
          String(PEAK_SAMPLE_RATE),
          '-c:a',
          'pcm_f32le',
          '-f',
          'f32le',
          'pipe:1',
        ],
        ...['-map', '[wave]', '-frames:v', '1', '-update', '1', WAVEFORM_IMAGE],
      ],
    },
    {
      jobDir: outDir,
      inputFile: input,
      timeoutMs: options.timeoutMs ?? renderTimeoutMs(probe.durationSeconds),
      signal: options.signal,
      durationSeconds: probe.durationSeconds,
      onProgress: options.onProgress,
      onStdout: (chunk) => {
        meter.push(chunk);
      },
    },
  );
  const { peaks, samplesPerPeak, samples } = meter.finish();
  const waveform: Waveform = {
    // Three decimals are finer than any screen draws, and keep the file small.
    peaks: peaks.map((peak) => Math.round(peak * 1000) / 1000),
    samplesPerPeak,
    sampleRate: PEAK_SAMPLE_RATE,
    durationSeconds: samples / PEAK_SAMPLE_RATE,
  };
  await writeFile(path.join(outDir, WAVEFORM), JSON.stringify(waveform));
  return {
    files: [PROXY, WAVEFORM, WAVEFORM_IMAGE],
    proxy: PROXY,
    waveform: WAVEFORM,
    waveformImage: WAVEFORM_IMAGE,
  };
}
