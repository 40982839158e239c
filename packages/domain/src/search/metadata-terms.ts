import type { ItemMetadata } from '../forms/types.ts';
import { isDateValue } from '../forms/values.ts';
import { fold } from '../text/fold.ts';
import { searchTokens } from './tokens.ts';

/**
 * A date value's term: the day after this prefix (`#d:2026-12-01`), so that a date range is one
 * range of terms. Tokens hold letters and digits only, so no token starts with '#', and every
 * token sorts after '0' ('#' before it): a word's prefix never reaches these terms.
 */
export const DATE_TERM_PREFIX = '#d:';
/** A field's sort key: its whole folded value after this prefix, cut to SORT_KEY_LENGTH. */
export const SORT_TERM_PREFIX = '#s:';
/** Every token is at least this (the prefixed terms above sort before it). */
export const FIRST_TOKEN = '0';
export const SORT_KEY_LENGTH = 64;
/** A term is cut to this many characters on both sides (an index key has a size limit). */
export const MAX_TERM_LENGTH = 200;

/** One row of the metadata field index: a lower-cased field id and a term of its value. */
export interface MetadataTerm {
  fieldKey: string;
  term: string;
}

export const metadataTerm = (term: string): string => term.slice(0, MAX_TERM_LENGTH);

/** The terms of one value: a day; a checkbox's `true`/`false`; else its tokens and each pair of neighbours. */
function valueTerms(value: unknown, into: Set<string>): void {
  if (typeof value === 'boolean') {
    into.add(String(value));
  } else if (typeof value === 'string' && isDateValue(value)) {
    into.add(DATE_TERM_PREFIX + value);
  } else if (typeof value === 'string') {
    const tokens = searchTokens(value);
    tokens.forEach((token, i) => {
      into.add(metadataTerm(token));
      const next = tokens[i + 1];
      if (next !== undefined) into.add(metadataTerm(`${token} ${next}`));
    });
  } else if (Array.isArray(value)) {
    for (const each of value) valueTerms(each, into);
  }
}

function sortKey(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'boolean') return String(first);
  if (typeof first !== 'string' || first === '') return null;
  return fold(first).slice(0, SORT_KEY_LENGTH);
}

/**
 * What the search index holds of an item's form values (docs/SEARCH.md "Metadata fields"): for every
 * field, keyed by its lower-cased id, the folded tokens of a text or choice (a tree choice's path
 * `europe/norway` gives `europe`, `norway` and the pair), each pair of neighbouring tokens (for
 * phrases), a date as `#d:YYYY-MM-DD`, a checkbox as `true`/`false`, and one sort key. JSON values
 * are not indexed. A field id found in two forms is one field to search.
 */
export function metadataTerms(metadata: ItemMetadata): MetadataTerm[] {
  const byField = new Map<string, Set<string>>();
  for (const values of Object.values(metadata)) {
    for (const [fieldId, value] of Object.entries(values)) {
      const fieldKey = fieldId.toLowerCase();
      const terms = byField.get(fieldKey) ?? new Set<string>();
      const key = sortKey(value);
      if (key !== null && ![...terms].some((t) => t.startsWith(SORT_TERM_PREFIX))) {
        terms.add(SORT_TERM_PREFIX + key);
      }
      valueTerms(value, terms);
      if (terms.size > 0) byField.set(fieldKey, terms);
    }
  }
  return [...byField].flatMap(([fieldKey, terms]) => [...terms].map((term) => ({ fieldKey, term })));
}
