/**
 * The search parser's syntax errors (docs/SEARCH.md), keyed by the code a SearchSyntaxError carries.
 * `{name}` is a value taken from the search (an operator, a field or a date as typed) and filled in by
 * formatMessage, so a client can show the same error in its own language from the code and params.
 */
export const SEARCH_SYNTAX_MESSAGES = {
  searchQuoteNotClosed: 'This quote is never closed',
  searchFieldNeedsValue: '{field} needs a value right after the colon',
  searchNestedTooDeeply: 'This search nests parentheses or NOTs too deeply',
  searchEmptyParentheses: 'There is nothing between these parentheses',
  searchParenthesisNotClosed: 'This "(" is never closed',
  searchNeedsTermAfter: '{operator} needs a search term after it',
  searchNeedsTermBefore: '{operator} needs a search term before it',
  searchUnmatchedParenthesis: 'This ")" has no matching "("',
  searchTermExpected: 'The search ends where a search term was expected',
  searchWildcardNeedsLetter: 'A wildcard needs at least one letter or digit with it',
  searchUnknownItemType: '"{value}" is not an item type; use one of {types}',
  searchCreatedNeedsDate: 'created: needs a date written YYYY-MM-DD, optionally after >, >=, < or <=',
  searchNotADate: '{date} is not a date in the calendar',
  searchTooManyTerms: 'A search can hold at most {max} words and filters',
  searchTooManyWildcards: 'A word can hold at most {max} wildcards',
} as const;

export type SearchSyntaxCode = keyof typeof SEARCH_SYNTAX_MESSAGES;

/** The server's refusals of a search that parses, and the position it adds to a syntax error. */
export const SEARCH_MESSAGES = {
  searchWildcardTooBroad: 'The wildcard {pattern} matches too many words; make it more specific',
  searchAtCharacter: '{message} (at character {position})',
} as const;
