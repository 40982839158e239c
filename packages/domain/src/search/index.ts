export type {
  CompareOp,
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
export type { SearchSyntaxCode } from './messages.ts';
export { MAX_SEARCH_LEAVES, MAX_SEARCH_NESTING, parseSearchQuery } from './parse.ts';
export { searchTokens, tokensWithOffsets, type TokenWithOffsets } from './tokens.ts';
