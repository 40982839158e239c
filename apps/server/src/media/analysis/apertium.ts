import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@skald/domain';
import { runApertium } from '../ffmpeg.ts';
import { MediaError } from '../media-error.ts';

/** Where Debian's language pairs install their modes (apertium-nno-nob: nob-nno and nno-nob). */
export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';
/** The pairs Skald translates offline, as Apertium names their modes. */
const MODES: Readonly<Record<string, string>> = { 'nb>nn': 'nob-nno', 'nn>nb': 'nno-nob' };

/** The Apertium mode that translates source to target here, or null (none known or installed). */
export function apertiumMode(source: string, target: string, modesDir = APERTIUM_MODES_DIR): string | null {
  const mode = MODES[`${source}>${target}`];
  return mode && existsSync(path.join(modesDir, `${mode}.mode`)) ? mode : null;
}

const MIN_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 600_000;
/** Apertium translates thousands of characters a second; ten a millisecond of timeout is ample. */
const CHARS_PER_MS = 10;

/**
 * Translates every line in one apertium run (its start-up, ~0.2 s, costs more than a transcript's
 * text): the lines go one a line into a file in the job folder, apertium answers them line for
 * line. A line's own line breaks become spaces.
 */
export async function apertiumTranslate(
  lines: readonly string[],
  mode: string,
  options: { jobDir: string; signal?: AbortSignal },
): Promise<string[]> {
  if (lines.length === 0) return [];
  const input = path.join(options.jobDir, `apertium-${mode}.txt`);
  const text = lines.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n');
  await writeFile(input, `${text}\n`);
  const out = await runApertium(input, mode, {
    jobDir: options.jobDir,
    timeoutMs: Math.min(MAX_TIMEOUT_MS, MIN_TIMEOUT_MS + text.length / CHARS_PER_MS),
    failureMessage: MESSAGES.translationFailed,
    lowPriority: true,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const translated = out.replace(/\n$/, '').split('\n');
  if (translated.length !== lines.length)
    throw new MediaError(MESSAGES.translationFailed, {
      detail: `apertium ${mode} answered ${translated.length} lines for ${lines.length}`,
    });
  return translated.map((l) => l.trim());
}
