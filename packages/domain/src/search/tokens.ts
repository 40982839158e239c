import { fold, foldCharacters } from '../text/fold.ts';

/** A token of a text and where it came from: [start, end) offsets into the original text. */
export interface TokenWithOffsets {
  token: string;
  start: number;
  end: number;
}

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const TOKEN_CHARACTER = /[\p{L}\p{N}]/u;
const WILDCARD_CHARACTER = /[*?]/;

/**
 * The folded tokens of a text, as the index holds them: letters and digits, with every other
 * character separating ("Ærø-Påske 2026!" → ["aero", "paske", "2026"]).
 */
export function searchTokens(text: string): string[] {
  return fold(text)
    .split(SEPARATORS)
    .filter((token) => token !== '');
}

/**
 * Splits `text` into folded tokens and says where each one is in `text` itself. Every character
 * of the original is folded on its own and its output credited to it, since folding changes
 * lengths ("æ" → "ae", "e" + U+0301 → "e", "ﬁ" → "fi"). A character that folds to nothing (a
 * combining mark) stays in the token it follows; one that folds into a token and a separator
 * ("½" → "1⁄2") gives both of its tokens its own offsets.
 *
 * With `keepWildcards`, `*` and `?` count as token characters (for wildcard words of a query).
 */
export function scanTokens(text: string, keepWildcards = false): TokenWithOffsets[] {
  const tokens: TokenWithOffsets[] = [];
  let current: TokenWithOffsets | null = null;
  let offset = 0;
  for (const character of text) {
    const start = offset;
    offset += character.length;
    const folded = folded1(character);
    if (folded === '' && current) current.end = offset;
    for (const c of folded) {
      if (isTokenCharacter(c) || (keepWildcards && WILDCARD_CHARACTER.test(c))) {
        current ??= { token: '', start, end: offset };
        current.token += c;
        current.end = offset;
      } else if (current) {
        tokens.push(current);
        current = null;
      }
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

const FOLDED = new Map<string, string>();

function isTokenCharacter(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code >= 0x80) return TOKEN_CHARACTER.test(c);
  return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/**
 * One character folded: ASCII directly (most of any text; this runs for every character of every
 * highlighted search result), anything else through foldCharacters, remembered.
 */
function folded1(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : character;
  let folded = FOLDED.get(character);
  if (folded === undefined) {
    folded = foldCharacters(character);
    if (FOLDED.size < 10_000) FOLDED.set(character, folded);
  }
  return folded;
}

/** The tokens of `searchTokens(text)`, each with its [start, end) offsets in the original `text`. */
export function tokensWithOffsets(text: string): TokenWithOffsets[] {
  return scanTokens(text);
}
