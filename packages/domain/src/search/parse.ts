import { ITEM_TYPES, type ItemType } from '../items/item-types.ts';
import { formatMessage, type MessageParams } from '../messages.ts';
import { fold, foldCharacters } from '../text/fold.ts';
import type {
  CompareOp,
  MetadataMatch,
  MomentFilter,
  ParseResult,
  QueryNode,
  SearchWarning,
  Span,
  TextField,
  TextMatch,
} from './ast.ts';
import { SEARCH_SYNTAX_MESSAGES, type SearchSyntaxCode } from './messages.ts';
import { scanTokens } from './tokens.ts';

/** Leaves (words, phrases, wildcards and filters) one search may hold, so that a query stays cheap. */
export const MAX_SEARCH_LEAVES = 64;
/**
 * How deep parentheses and NOTs may nest; far beyond what a person types, it only keeps a pasted
 * `((((…` from exhausting the stack.
 */
export const MAX_SEARCH_NESTING = 64;
/**
 * Wildcards (`*` and `?`) one word may hold. Matching costs no more with more of them
 * (wildcard.ts), but nobody types this many, and a pattern with dozens of stars is only a probe.
 */
export const MAX_WORD_WILDCARDS = 8;

type FieldName =
  'title' | 'description' | 'file' | 'type' | 'owner' | 'createdBy' | 'created' | 'metadata' | MomentFilter;

/** Field names are case-insensitive; these are the lower-cased spellings. */
const FIELDS: Readonly<Record<string, FieldName>> = {
  title: 'title',
  description: 'description',
  file: 'file',
  type: 'type',
  owner: 'owner',
  createdby: 'createdBy',
  created: 'created',
  said: 'said',
  translated: 'translated',
  text: 'text',
  label: 'label',
  person: 'person',
  logged: 'logged',
};

type Operator = 'AND' | 'OR' | 'NOT';

type Token =
  | { kind: 'open'; start: number }
  | { kind: 'close'; start: number }
  | { kind: 'operator'; operator: Operator; start: number }
  | { kind: 'prefix'; sign: '+' | '-'; start: number }
  /** A bare word as typed, up to whitespace or a parenthesis. */
  | { kind: 'word'; text: string; span: Span }
  /** A "quoted phrase": `text` is what lies between the quotes. */
  | { kind: 'phrase'; text: string; span: Span }
  | {
      kind: 'field';
      field: FieldName;
      /** The name as typed, lower-cased (a metadata field's id). */
      name: string;
      value: string;
      quoted: boolean;
      valueStart: number;
      span: Span;
    };

export interface ParseOptions {
  /**
   * The lower-cased ids of the tenant's metadata form fields: `fieldId:value` filters by one. The
   * built-in field names above win; a name that is neither stays ordinary text.
   */
  metadataFields?: ReadonlySet<string>;
}

class SyntaxProblem extends Error {
  readonly code: SearchSyntaxCode;
  readonly params: MessageParams;
  readonly position: number;

  constructor(code: SearchSyntaxCode, position: number, params: MessageParams = {}) {
    super(formatMessage(SEARCH_SYNTAX_MESSAGES[code], params));
    this.code = code;
    this.params = params;
    this.position = position;
  }
}

const NO_FIELDS: ReadonlySet<string> = new Set();
const OPERATORS: ReadonlySet<string> = new Set<Operator>(['AND', 'OR', 'NOT']);
const FIELD_NAME = /([A-Za-z][A-Za-z0-9_]*):/y;
const WILDCARD = /[*?]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const DATE_VALUE = /^(>=|<=|>|<|=)?(\d{4})-(\d{2})-(\d{2})$/;

const isSpace = (c: string): boolean => /\s/.test(c);

/** The end of a bare word or field value: whitespace and parentheses end it, a quote does not. */
function bareEnd(input: string, from: number): number {
  let end = from;
  while (end < input.length) {
    const c = input.charAt(end);
    if (isSpace(c) || c === '(' || c === ')') break;
    end += 1;
  }
  return end;
}

function closingQuote(input: string, open: number): number {
  const close = input.indexOf('"', open + 1);
  if (close < 0) throw new SyntaxProblem('searchQuoteNotClosed', open);
  return close;
}

/** Reads one word, "phrase" or field filter starting at `start`; answers where it ends. */
function lexTerm(
  input: string,
  start: number,
  afterPrefix: boolean,
  tokens: Token[],
  metadataFields: ReadonlySet<string>,
): number {
  if (input.charAt(start) === '"') {
    const close = closingQuote(input, start);
    tokens.push({ kind: 'phrase', text: input.slice(start + 1, close), span: { start, end: close + 1 } });
    return close + 1;
  }
  FIELD_NAME.lastIndex = start;
  const name = FIELD_NAME.exec(input);
  const lowered = (name?.[1] ?? '').toLowerCase();
  const field = name
    ? (FIELDS[lowered] ?? (metadataFields.has(lowered) ? 'metadata' : undefined))
    : undefined;
  if (name && field) {
    const valueStart = start + name[0].length;
    const quoted = input.charAt(valueStart) === '"';
    const valueEnd = quoted ? closingQuote(input, valueStart) : bareEnd(input, valueStart);
    const value = quoted ? input.slice(valueStart + 1, valueEnd) : input.slice(valueStart, valueEnd);
    if (value.trim() === '') throw new SyntaxProblem('searchFieldNeedsValue', start, { field: name[0] });
    const end = quoted ? valueEnd + 1 : valueEnd;
    tokens.push({ kind: 'field', field, name: lowered, value, quoted, valueStart, span: { start, end } });
    return end;
  }
  const end = bareEnd(input, start);
  const text = input.slice(start, end);
  if (!afterPrefix && OPERATORS.has(text))
    tokens.push({ kind: 'operator', operator: text as Operator, start });
  else tokens.push({ kind: 'word', text, span: { start, end } });
  return end;
}

function lex(input: string, metadataFields: ReadonlySet<string>): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let afterPrefix = false;
  while (at < input.length) {
    const c = input.charAt(at);
    if (isSpace(c)) {
      at += 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c === '(' ? 'open' : 'close', start: at });
      at += 1;
      afterPrefix = false;
    } else if ((c === '+' || c === '-') && !afterPrefix && startsTerm(input, at + 1)) {
      tokens.push({ kind: 'prefix', sign: c, start: at });
      at += 1;
      afterPrefix = true;
    } else {
      at = lexTerm(input, at, afterPrefix, tokens, metadataFields);
      afterPrefix = false;
    }
  }
  return tokens;
}

/** A + or - is a prefix only when something it can apply to follows right after it. */
function startsTerm(input: string, at: number): boolean {
  const c = input.charAt(at);
  return c !== '' && !isSpace(c) && c !== ')';
}

function combine(kind: 'and' | 'or', nodes: readonly (QueryNode | null)[]): QueryNode | null {
  const children: QueryNode[] = [];
  for (const node of nodes) {
    if (node === null) continue;
    if (node.kind === kind) children.push(...node.children);
    else children.push(node);
  }
  if (children.length === 0) return null;
  if (children.length === 1) return children[0] ?? null;
  return { kind, children };
}

/** Makes the leaf of one text match: of a text field, or of a metadata field. */
type LeafOf = (match: TextMatch, span: Span) => QueryNode;

const textLeaf =
  (field: TextField | null): LeafOf =>
  (match, span) => ({ kind: 'text', match, field, span });

const momentLeaf =
  (filter: MomentFilter): LeafOf =>
  (match, span) => ({ kind: 'moment', filter, match, span });

const metadataLeaf =
  (fieldId: string): LeafOf =>
  (match: MetadataMatch, span) => ({ kind: 'metadata', fieldId, match, span });

/** A word for one token, a phrase for several, nothing for none (a word of punctuation only). */
function tokensLeaf(words: string[], leaf: LeafOf, span: Span): QueryNode | null {
  const [first] = words;
  if (first === undefined) return null;
  return leaf(words.length === 1 ? { kind: 'word', word: first } : { kind: 'phrase', words }, span);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

class Parser {
  private readonly tokens: readonly Token[];
  private next = 0;
  private depth = 0;
  sawOperator = false;
  sawWildcard = false;

  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
  }

  parse(): QueryNode | null {
    const query = this.parseOr();
    const rest = this.peek();
    if (rest) throw this.missingOperand(null, rest);
    return query;
  }

  private peek(): Token | undefined {
    return this.tokens[this.next];
  }

  private take(): Token | undefined {
    const token = this.tokens[this.next];
    this.next += 1;
    return token;
  }

  private parseOr(): QueryNode | null {
    const children = [this.parseAnd(null)];
    for (
      let token = this.peek();
      token?.kind === 'operator' && token.operator === 'OR';
      token = this.peek()
    ) {
      this.take();
      this.sawOperator = true;
      children.push(this.parseAnd(token));
    }
    return combine('or', children);
  }

  /** Adjacent operands are ANDed; an explicit AND only demands an operand after it. */
  private parseAnd(owner: Token | null): QueryNode | null {
    const children = [this.parseUnary(owner)];
    for (let token = this.peek(); token; token = this.peek()) {
      if (token.kind === 'operator' && token.operator === 'AND') {
        this.take();
        this.sawOperator = true;
        children.push(this.parseUnary(token));
      } else if (startsOperand(token)) {
        children.push(this.parseUnary(null));
      } else {
        break;
      }
    }
    return combine('and', children);
  }

  /** `owner` is the operator that needs this operand, for the error when there is none. */
  private parseUnary(owner: Token | null): QueryNode | null {
    const token = this.peek();
    if (!token || !startsOperand(token)) throw this.missingOperand(owner, token);
    this.depth += 1;
    if (this.depth > MAX_SEARCH_NESTING) {
      throw new SyntaxProblem('searchNestedTooDeeply', tokenStart(token));
    }
    try {
      if (token.kind === 'operator' || token.kind === 'prefix') {
        this.take();
        this.sawOperator = true;
        const child = token.kind === 'operator' ? this.parseUnary(token) : this.parsePrimary(token);
        const negated = token.kind === 'operator' || token.sign === '-';
        return child && negated ? { kind: 'not', child } : child;
      }
      return this.parsePrimary(owner);
    } finally {
      this.depth -= 1;
    }
  }

  private parsePrimary(owner: Token | null): QueryNode | null {
    const token = this.peek();
    if (!token) throw this.missingOperand(owner, token);
    switch (token.kind) {
      case 'open': {
        this.take();
        this.sawOperator = true;
        if (this.peek()?.kind === 'close') {
          throw new SyntaxProblem('searchEmptyParentheses', token.start);
        }
        const group = this.parseOr();
        if (this.take()?.kind !== 'close') throw new SyntaxProblem('searchParenthesisNotClosed', token.start);
        return group;
      }
      case 'word':
        this.take();
        return this.wordNode(token.text, token.span.start, textLeaf(null), token.span);
      case 'phrase':
        this.take();
        return tokensLeaf(
          scanTokens(token.text).map((t) => t.token),
          textLeaf(null),
          token.span,
        );
      case 'field':
        this.take();
        return this.fieldNode(token);
      default:
        throw this.missingOperand(owner, token);
    }
  }

  private missingOperand(owner: Token | null, found: Token | undefined): SyntaxProblem {
    if (owner?.kind === 'operator') {
      return new SyntaxProblem('searchNeedsTermAfter', owner.start, { operator: owner.operator });
    }
    if (found?.kind === 'operator') {
      return new SyntaxProblem('searchNeedsTermBefore', found.start, { operator: found.operator });
    }
    if (found?.kind === 'close') return new SyntaxProblem('searchUnmatchedParenthesis', found.start);
    // Unreachable from lex(): a prefix is only made when a term follows it.
    return new SyntaxProblem('searchTermExpected', found ? tokenStart(found) : 0);
  }

  /**
   * A bare word (or a field's bare value) at `at` in the input. Without wildcards it is one token
   * or a phrase of several; with them, each separated part is a word or a wildcard, ANDed.
   */
  private wordNode(raw: string, at: number, leaf: LeafOf, span: Span): QueryNode | null {
    if (!WILDCARD.test(foldCharacters(raw))) {
      return tokensLeaf(
        scanTokens(raw).map((t) => t.token),
        leaf,
        span,
      );
    }
    const parts = scanTokens(raw, true).map((part): QueryNode => {
      if (!WILDCARD.test(part.token)) return leaf({ kind: 'word', word: part.token }, span);
      if (!LETTER_OR_DIGIT.test(part.token)) {
        throw new SyntaxProblem('searchWildcardNeedsLetter', at + part.start);
      }
      this.sawWildcard = true;
      // "new**" is "new*": one star already matches any run of characters.
      const pattern = part.token.replace(/\*+/g, '*');
      if (pattern.replace(/[^*?]/g, '').length > MAX_WORD_WILDCARDS) {
        throw new SyntaxProblem('searchTooManyWildcards', at + part.start, { max: MAX_WORD_WILDCARDS });
      }
      const prefix = /^[^*?]+\*$/.test(pattern) ? pattern.slice(0, -1) : null;
      return leaf({ kind: 'wildcard', pattern, prefix }, span);
    });
    return combine('and', parts);
  }

  private fieldNode(token: Extract<Token, { kind: 'field' }>): QueryNode | null {
    const { field, value, span, valueStart } = token;
    switch (field) {
      case 'title':
      case 'description':
      case 'file':
        return this.valueNode(token, textLeaf(field));
      case 'said':
      case 'translated':
      case 'text':
      case 'label':
      case 'person':
      case 'logged':
        return this.valueNode(token, momentLeaf(field));
      case 'metadata': {
        const date = DATE_VALUE.test(value.trim())
          ? dateOf(value, valueStart + (token.quoted ? 1 : 0))
          : null;
        return date
          ? { kind: 'metadata', fieldId: token.name, match: { kind: 'date', ...date }, span }
          : this.valueNode(token, metadataLeaf(token.name));
      }
      case 'type': {
        const itemType = ITEM_TYPES.find((t) => t === value.trim().toLowerCase());
        if (!itemType) {
          throw new SyntaxProblem('searchUnknownItemType', valueStart + (token.quoted ? 1 : 0), {
            value,
            types: ITEM_TYPES.join(', '),
          });
        }
        return { kind: 'type', itemType: itemType satisfies ItemType, span };
      }
      case 'owner':
      case 'createdBy':
        return { kind: 'user', role: field, value: fold(value), span };
      case 'created': {
        const at = valueStart + (token.quoted ? 1 : 0);
        if (!DATE_VALUE.test(value.trim())) throw new SyntaxProblem('searchCreatedNeedsDate', at);
        return { kind: 'created', ...dateOf(value, at), span };
      }
    }
  }

  /** A field's value: a "quoted phrase", or a bare word that may hold wildcards. */
  private valueNode(token: Extract<Token, { kind: 'field' }>, leaf: LeafOf): QueryNode | null {
    return token.quoted
      ? tokensLeaf(
          scanTokens(token.value).map((t) => t.token),
          leaf,
          token.span,
        )
      : this.wordNode(token.value, token.valueStart, leaf, token.span);
  }
}

/** A day after an optional comparison (`created:` and metadata date fields), checked against the calendar. */
function dateOf(value: string, at: number): { op: CompareOp; date: string } {
  const [, op = '=', year = '', month = '', day = ''] = DATE_VALUE.exec(value.trim()) ?? [];
  if (!isRealDate(Number(year), Number(month), Number(day))) {
    throw new SyntaxProblem('searchNotADate', at, { date: `${year}-${month}-${day}` });
  }
  return { op: op as CompareOp, date: `${year}-${month}-${day}` };
}

function startsOperand(token: Token): boolean {
  return token.kind === 'operator' ? token.operator === 'NOT' : token.kind !== 'close';
}

function tokenStart(token: Token): number {
  return 'span' in token ? token.span.start : token.start;
}

/** The leaves of `node` in the order they were typed. */
function* leaves(node: QueryNode): Generator<Extract<QueryNode, { span: Span }>> {
  switch (node.kind) {
    case 'and':
    case 'or':
      for (const child of node.children) yield* leaves(child);
      return;
    case 'not':
      yield* leaves(node.child);
      return;
    default:
      yield node;
  }
}

/**
 * Parses the search language of docs/SEARCH.md into a query tree: `null` for a search with nothing
 * to search for, or the first syntax error with its 0-based offset into `input`.
 */
export function parseSearchQuery(input: string, options: ParseOptions = {}): ParseResult {
  try {
    const tokens = lex(input, options.metadataFields ?? NO_FIELDS);
    const parser = new Parser(tokens);
    const query = tokens.length === 0 ? null : parser.parse();
    if (query) {
      let count = 0;
      for (const leaf of leaves(query)) {
        count += 1;
        if (count > MAX_SEARCH_LEAVES) {
          throw new SyntaxProblem('searchTooManyTerms', leaf.span.start, { max: MAX_SEARCH_LEAVES });
        }
      }
    }
    // Spec §5: wildcards and operators together may not mean what the user expects.
    const warnings: SearchWarning[] =
      parser.sawWildcard && parser.sawOperator ? [{ code: 'wildcardsWithOperators' }] : [];
    return { ok: true, query, warnings };
  } catch (error) {
    if (error instanceof SyntaxProblem) {
      const { code, params, message, position } = error;
      return { ok: false, error: { code, params, message, position } };
    }
    throw error;
  }
}
