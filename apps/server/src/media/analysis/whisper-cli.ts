/**
 * whisper.cpp on one recording, in a process of its own (ffmpeg.ts runWhisper starts it niced):
 * loading a model takes seconds of one thread and the native addon could crash on a bad file, so
 * neither may happen in the API's or the worker's process.
 *
 *   node whisper-cli.ts --model ggml-large-v3.bin --language no [--threads 2] speech.wav
 *
 * Answers one JSON line on stdout (WhisperAnswer): the tokens with their times, or why not.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import type { WhisperAnswer, WhisperToken } from './whisper-answer.ts';

/** What the prebuilt addon (@fugood/node-whisper-<platform>-<arch>) offers, as far as it is used. */
interface WhisperAddon {
  WhisperContext: new (options: { filePath: string; useGpu?: boolean }) => {
    transcribeFile(
      file: string,
      options: { language: string; tokenTimestamps: boolean; maxLen: number; maxThreads?: number },
    ): { promise: Promise<{ language?: string; segments: WhisperToken[] }> };
    release(): Promise<void>;
  };
}

// The CPU build only: the CUDA and Vulkan builds are not installed (docs/ANALYSIS.md).
export const WHISPER_ADDON = `@fugood/node-whisper-${process.platform}-${process.arch}`;

const answer = (a: WhisperAnswer) => {
  process.stdout.write(`${JSON.stringify(a)}\n`);
};
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      model: { type: 'string' },
      language: { type: 'string' },
      threads: { type: 'string' },
    },
    allowPositionals: true,
  });
  const [wav] = positionals;
  if (!values.model || !values.language || !wav) throw new Error('usage: --model M --language L file.wav');

  let addon: WhisperAddon;
  try {
    addon = createRequire(import.meta.url)(WHISPER_ADDON) as WhisperAddon;
  } catch (err) {
    answer({ ok: false, reason: 'engine', detail: `${WHISPER_ADDON} could not be loaded: ${reason(err)}` });
    return;
  }
  let context: InstanceType<WhisperAddon['WhisperContext']>;
  try {
    context = new addon.WhisperContext({ filePath: values.model, useGpu: false });
  } catch (err) {
    answer({ ok: false, reason: 'model', detail: `${values.model}: ${reason(err)}` });
    return;
  }
  // maxLen 1 with token timestamps: a segment per token, each timed (whisper.cpp's word timing).
  const result = await context.transcribeFile(wav, {
    language: values.language,
    tokenTimestamps: true,
    maxLen: 1,
    ...(values.threads ? { maxThreads: Number(values.threads) } : {}),
  }).promise;
  await context.release();
  answer({ ok: true, language: result.language ?? values.language, tokens: result.segments });
}

await main();
