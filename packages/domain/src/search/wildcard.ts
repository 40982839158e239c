/**
 * A matcher for one wildcard pattern over whole tokens: `*` is any run of characters (none
 * included), `?` exactly one character (a code point, as SQLite's GLOB and PostgreSQL's LIKE count).
 *
 * A regular expression with one `.*` per star backtracks through every way of splitting the token
 * between the stars: `a*a*a*a*a*a*b` against a 60-letter word took seconds, on the thread that
 * answers every request. Here the pattern is split at its stars; the first part must start the
 * token, the last must end it, and each part between is placed at its leftmost fit after the one
 * before (a later fit never leaves more room for the rest), so no placement is ever revisited: the
 * cost is at most the token's length times the pattern's.
 */
export function wildcardMatcher(pattern: string): (token: string) => boolean {
  const parts = pattern.split('*').map((part) => Array.from(part));
  const first = parts[0] ?? [];
  if (parts.length === 1) {
    return (token) => {
      const chars = Array.from(token);
      return chars.length === first.length && fitsAt(chars, 0, first);
    };
  }
  const last = parts.at(-1) ?? [];
  const middle = parts.slice(1, -1).filter((part) => part.length > 0);
  const least = parts.reduce((sum, part) => sum + part.length, 0);
  return (token) => {
    const chars = Array.from(token);
    if (chars.length < least) return false;
    const end = chars.length - last.length;
    if (!fitsAt(chars, 0, first) || !fitsAt(chars, end, last)) return false;
    let from = first.length;
    for (const part of middle) {
      const at = leftmostFit(chars, from, end, part);
      if (at < 0) return false;
      from = at + part.length;
    }
    return true;
  };
}

/** True when `part` (with `?` for any character) matches `chars` at `at`. */
function fitsAt(chars: readonly string[], at: number, part: readonly string[]): boolean {
  for (let i = 0; i < part.length; i += 1) {
    const c = part[i];
    if (c !== '?' && c !== chars[at + i]) return false;
  }
  return true;
}

/** The first position in [from, end - part.length] where `part` fits, or -1. */
function leftmostFit(chars: readonly string[], from: number, end: number, part: readonly string[]): number {
  for (let at = from; at + part.length <= end; at += 1) {
    if (fitsAt(chars, at, part)) return at;
  }
  return -1;
}
