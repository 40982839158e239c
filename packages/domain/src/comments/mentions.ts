import { fold } from '../text/fold.ts';
import { COMMENT_LIMITS } from './types.ts';

const MENTION =
  /(?:^|[^\p{L}\p{N}_.])@([\p{L}\p{N}][\p{L}\p{N}'’.-]*(?:[ \t][\p{L}\p{N}][\p{L}\p{N}'’.-]*){0,4})/gu;

/** A name folded as the users' `name_folded` (fold), with one space between words: how names are compared. */
export const mentionKey = (name: string): string => fold(name).replace(/\s+/g, ' ');

/**
 * The names an '@' in `text` may stand for: for each '@', the one to five words after it (a user
 * called "Anne Marie" is mentioned by "@Anne Marie, please check"). The server looks these up
 * among the tenant's users, and resolveMentions keeps the longest that matched. Bounded: at most
 * mentionsMax '@'s count.
 */
export function mentionCandidates(text: string): string[][] {
  const result: string[][] = [];
  for (const match of text.matchAll(MENTION)) {
    if (result.length >= COMMENT_LIMITS.mentionsMax) break;
    const words = (match[1] ?? '').split(/[ \t]+/).map((w) => w.replace(/[.,;:!?'’-]+$/u, ''));
    const candidates: string[] = [];
    for (let n = Math.min(words.length, COMMENT_LIMITS.mentionWordsMax); n >= 1; n--) {
      const name = mentionKey(words.slice(0, n).join(' '));
      if (name) candidates.push(name);
    }
    result.push(candidates);
  }
  return result;
}

/**
 * The users mentioned: for each '@', the longest of its candidates that names a user. `byName`
 * maps mentionKey(name) to a user id (names that several users share are left out by the caller).
 */
export function resolveMentions(text: string, byName: ReadonlyMap<string, string>): string[] {
  const ids = new Set<string>();
  for (const candidates of mentionCandidates(text)) {
    const found = candidates.find((name) => byName.has(name));
    if (found !== undefined) ids.add(byName.get(found) ?? '');
  }
  ids.delete('');
  return [...ids];
}
