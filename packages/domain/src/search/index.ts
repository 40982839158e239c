export type {
  CompareOp,
  DateBound,
  MetadataMatch,
  MomentFilter,
  ParseResult,
  QueryNode,
  SearchSyntaxError,
  SearchWarning,
  SearchWarningCode,
  Span,
  TextField,
  TextMatch,
} from './ast.ts';
export { createdRange, daysRange, inDayRange, type DayRange } from './created-range.ts';
export { queryMatcher, userFilterValues, type ResolvedUsers, type SearchDocument } from './evaluate.ts';
export { highlighter } from './highlight.ts';
export {
  LOG_MOMENT_KIND,
  MOMENT_FILTER_KINDS,
  MOMENTS_PER_HIT,
  MOMENT_SNIPPET_LENGTH,
  logEventMomentText,
  momentHighlighter,
  momentMayMatch,
  momentKindsOf,
  momentSnippet,
} from './moments.ts';
export type { SearchSyntaxCode } from './messages.ts';
export { MAX_SEARCH_LEAVES, MAX_SEARCH_NESTING, parseSearchQuery, type ParseOptions } from './parse.ts';
export { searchTokens, tokensWithOffsets, type TokenWithOffsets } from './tokens.ts';
export {
  DATE_TERM_PREFIX,
  FIRST_TOKEN,
  MAX_TERM_LENGTH,
  SORT_TERM_PREFIX,
  metadataTerm,
  metadataTerms,
  type MetadataTerm,
} from './metadata-terms.ts';
export { fieldFilterTerms, type FieldFilter } from './field-term.ts';
