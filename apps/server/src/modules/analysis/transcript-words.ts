import type { TranscriptSegment } from '@skald/domain';

export type TimedWord = TranscriptSegment['words'][number];

/** What a person wrote is as sure as it gets. */
const WRITTEN = 100;
/** Longest-common-subsequence table cells at most: past it, an edited utterance is spread evenly. */
const MAX_CELLS = 250_000;

const tokens = (text: string): string[] => text.split(/\s+/).filter((t) => t !== '');

/** Pairs of (previous index, new index) of the words both texts share, in order (LCS). */
function commonWords(previous: readonly string[], next: readonly string[]): [number, number][] {
  const rows = previous.length + 1;
  const cols = next.length + 1;
  if (rows * cols > MAX_CELLS) return [];
  const table = new Uint32Array(rows * cols);
  for (let i = previous.length - 1; i >= 0; i--)
    for (let j = next.length - 1; j >= 0; j--)
      table[i * cols + j] =
        previous[i] === next[j]
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < previous.length && j < next.length) {
    if (previous[i] === next[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/** Words spread over [fromMs, toMs] in proportion to their length. */
function spread(words: readonly string[], fromMs: number, toMs: number): TimedWord[] {
  const weights = words.map((w) => w.length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const span = Math.max(0, toMs - fromMs);
  let at = 0;
  return words.map((text, k) => {
    const startMs = fromMs + Math.round((span * at) / total);
    at += weights[k] ?? 0;
    return { text, startMs, endMs: fromMs + Math.round((span * at) / total), confidence: WRITTEN };
  });
}

/**
 * The timed words of an utterance's edited text: a word kept from the earlier words keeps its
 * times (and confidence); new words share the time between the kept words around them.
 */
export function alignWords(
  text: string,
  startMs: number,
  endMs: number,
  previous: readonly TimedWord[],
): TimedWord[] {
  const next = tokens(text);
  const anchors = commonWords(
    previous.map((w) => w.text),
    next,
  );
  const words: TimedWord[] = [];
  let j = 0;
  let fromMs = startMs;
  for (const [pi, nj] of [...anchors, [-1, next.length] as [number, number]]) {
    const kept = previous[pi];
    words.push(...spread(next.slice(j, nj), fromMs, kept ? kept.startMs : endMs));
    if (kept) {
      words.push({ ...kept });
      fromMs = kept.endMs;
    }
    j = nj + 1;
  }
  return words;
}
