import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '../../config.ts';

/** The operator's whisper.cpp model, checked (WHISPER_MODEL, WHISPER_MODEL_SHA256). */
export interface WhisperModel {
  path: string;
  /** The file's name, what tenant administrators see (never the folder). */
  name: string;
  /** A multilingual model (large-v3, nb-whisper…); `*.en` models know English only. */
  multilingual: boolean;
}

// A ggml whisper file opens with the magic 'ggml' (as a little-endian uint32) and its hyper-
// parameters, n_vocab first: 51864 tokens for the English-only models, 51865 and up for the others.
const GGML_MAGIC = 0x67676d6c;
const ENGLISH_ONLY_VOCAB = 51864;

const invalid = (variable: string, message: string) =>
  new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);

/**
 * Checks the model file at start: that it is there, is a ggml whisper model, and has the SHA-256
 * the operator wrote down (read as a stream: a 3 GB large-v3 takes seconds, in chunks, off no
 * request). A wrong file stops start-up with a message naming the variable.
 */
export async function verifyWhisperModel(file: string, sha256: string): Promise<WhisperModel> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw invalid('WHISPER_MODEL', `${file} is not a file`);
  const header = Buffer.alloc(8);
  const handle = await open(file);
  try {
    await handle.read(header, 0, 8, 0);
  } finally {
    await handle.close();
  }
  if (header.readUInt32LE(0) !== GGML_MAGIC)
    throw invalid('WHISPER_MODEL', `${file} is not a ggml whisper model (whisper.cpp's ggml-*.bin)`);
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  const actual = hash.digest('hex');
  if (actual !== sha256)
    throw invalid('WHISPER_MODEL_SHA256', `${file} has SHA-256 ${actual}, not ${sha256}`);
  return {
    path: path.resolve(file),
    name: path.basename(file),
    multilingual: header.readInt32LE(4) > ENGLISH_ONLY_VOCAB,
  };
}

/** The configured model checked, or null when none is configured. */
export async function configuredWhisperModel(config: {
  WHISPER_MODEL?: string | undefined;
  WHISPER_MODEL_SHA256?: string | undefined;
}): Promise<WhisperModel | null> {
  if (config.WHISPER_MODEL === undefined || config.WHISPER_MODEL_SHA256 === undefined) return null;
  return verifyWhisperModel(config.WHISPER_MODEL, config.WHISPER_MODEL_SHA256);
}
