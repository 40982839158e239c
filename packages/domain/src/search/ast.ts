import type { ItemType } from '../items/item-types.ts';
import type { MessageParams } from '../messages.ts';
import type { SearchSyntaxCode } from './messages.ts';

/** Offsets into the search string as the user typed it: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * A text field a word can be limited to (`title:`, `description:`, `file:` — the original file name
 * of the item's leading version); null means any text field.
 */
export type TextField = 'title' | 'description' | 'file';

/**
 * What a text leaf matches, in folded tokens (`fold()` then `searchTokens()`), exactly as the
 * indexed text is tokenised:
 * - word: one token ("paske");
 * - phrase: tokens next to each other in this order (a "quoted phrase", or a bare word that folds
 *   into several tokens, such as `foo-bar`);
 * - wildcard: one token pattern where `*` is any run of characters and `?` exactly one ("news*",
 *   "p?ske"); `prefix` is set when the only wildcard is one trailing `*` (the fast case).
 */
export type TextMatch =
  | { kind: 'word'; word: string }
  | { kind: 'phrase'; words: string[] }
  | { kind: 'wildcard'; pattern: string; prefix: string | null };

/** The moment kind filters of the query language (moments.ts maps each to the kinds it searches). */
export type MomentFilter = 'said' | 'translated' | 'text' | 'label' | 'person' | 'logged';

export type CompareOp = '=' | '>' | '>=' | '<' | '<=';

/** A day compared with a date field's value. */
export interface DateBound {
  op: CompareOp;
  date: string;
}

/**
 * What a metadata field filter matches: text as a text leaf does, or a day compared with the
 * field's date; `dates` holds several comparisons of the same value (a range), as the server joins
 * `embargo:>=a embargo:<b` into one lookup.
 */
export type MetadataMatch =
  TextMatch | ({ kind: 'date' } & DateBound) | { kind: 'dates'; bounds: readonly DateBound[] };

export type QueryNode =
  | { kind: 'text'; match: TextMatch; field: TextField | null; span: Span }
  | { kind: 'type'; itemType: ItemType; span: Span }
  /** owner: / createdBy: — an e-mail (exact) or a name (any word of it starts with `value`), folded. */
  | { kind: 'user'; role: 'owner' | 'createdBy'; value: string; span: Span }
  /** created: — a UTC day, `YYYY-MM-DD`. */
  | { kind: 'created'; op: CompareOp; date: string; span: Span }
  /**
   * `fieldId:value` for a metadata form field (docs/SEARCH.md): `fieldId` lower-cased; a word, a
   * phrase or a wildcard among the field's folded tokens, or a date comparison (`embargo:<2026-12-01`).
   */
  | { kind: 'metadata'; fieldId: string; match: MetadataMatch; span: Span }
  /**
   * `said:`, `translated:`, `text:`, `label:`, `person:`, `logged:` (docs/SEARCH.md): a word, a phrase or a
   * wildcard among the folded tokens of one of the item's time-coded moments of that kind.
   */
  | { kind: 'moment'; filter: MomentFilter; match: TextMatch; span: Span }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

export type SearchWarningCode = 'wildcardsWithOperators';

export interface SearchWarning {
  code: SearchWarningCode;
}

export interface SearchSyntaxError {
  /** Which error (SEARCH_SYNTAX_MESSAGES), so a client can say it in its own language. */
  code: SearchSyntaxCode;
  /** The values of the message's `{name}` placeholders, taken from the search. */
  params: MessageParams;
  /** The English text: the code's message with its params filled in. */
  message: string;
  /** 0-based offset into the search string where the problem is. */
  position: number;
}

export type ParseResult =
  { ok: true; query: QueryNode | null; warnings: SearchWarning[] } | { ok: false; error: SearchSyntaxError };
