// The moment part of bench/search.ts (issue 14 §4, issue 12 §5): a share of the items carry a
// transcript of 150 words as speech moments of about 15 words each, indexed through the server's
// own writer (search/moment-index.ts), and queries that find items by what was said.
import type { IndexedMoment } from '../../apps/server/src/search/moment-index.ts';
import type { Randomness } from './metadata-library.ts';

/** Items with a transcript: the goal is 100,000 of 1,000,000. */
export const TRANSCRIPT_SHARE = 0.1;
const TRANSCRIPT_WORDS = 150;
const UTTERANCE_WORDS = 15;

/** One item's transcript as speech moments, and (now and then) two neighbouring words of it. */
export function transcript(
  r: Randomness,
  tenantId: string,
  itemId: string,
): { moments: IndexedMoment[]; phrase: string | null } {
  const words = Array.from({ length: TRANSCRIPT_WORDS }, r.word);
  const moments: IndexedMoment[] = [];
  for (let at = 0; at < words.length; at += UTTERANCE_WORDS) {
    const start = at * 400;
    moments.push({
      tenant_id: tenantId,
      item_id: itemId,
      source_id: `${itemId}-${String(at)}`,
      kind: 'speech',
      start_ms: start,
      end_ms: start + UTTERANCE_WORDS * 400,
      text: words.slice(at, at + UTTERANCE_WORDS).join(' '),
    });
  }
  const i = r.between(0, TRANSCRIPT_WORDS - 2);
  return { moments, phrase: r.random() < 0.05 ? `${words[i] ?? ''} ${words[i + 1] ?? ''}` : null };
}

/** The moment mix: kind filters and plain words (which search the moments too). */
export function momentMix(
  ranked: (lo: number, hi: number) => string,
  phrases: readonly string[],
  pick: <T>(xs: readonly T[]) => T,
): { kind: string; search: string }[] {
  const mix: { kind: string; search: string }[] = [];
  for (let i = 0; i < 40; i++) {
    mix.push(
      { kind: 'said: frequent', search: `said:${ranked(10, 60)}` },
      { kind: 'said: word', search: `said:${ranked(100, 3000)}` },
      { kind: 'said: phrase', search: `said:"${pick(phrases)}"` },
      { kind: 'said: prefix*', search: `said:${ranked(50, 2000).slice(0, 4)}*` },
      { kind: 'word (+moments)', search: ranked(100, 3000) },
      { kind: 'two words (+mom.)', search: `${ranked(30, 400)} ${ranked(30, 400)}` },
      { kind: 'word + said:', search: `${ranked(30, 400)} said:${ranked(30, 400)}` },
    );
  }
  return mix;
}
