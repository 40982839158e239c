import type { ItemType } from '../items/item-types.ts';
import type { QueryNode, TextField } from './ast.ts';
import { createdRange, inDayRange } from './created-range.ts';
import { tokenMatcher } from './highlight.ts';
import { tokensWithOffsets, type TokenWithOffsets } from './tokens.ts';

/**
 * What a search query is checked against outside the index: a small document such as a folder
 * (its name as the title, no description, no file). `createdAt` is ISO-8601 UTC, as stored.
 */
export interface SearchDocument {
  title: string;
  description: string;
  /** The original file name, for `file:` and plain words; absent for a folder. */
  file?: string;
  itemType: ItemType;
  ownerId: string;
  createdById: string;
  createdAt: string;
}

/**
 * The users each `owner:` / `createdBy:` value of a query names (its folded value → their ids),
 * as the server resolves them with the same rule as the index's SQL. A value missing here names
 * nobody.
 */
export type ResolvedUsers = ReadonlyMap<string, ReadonlySet<string>>;

const NOBODY: ReadonlySet<string> = new Set();

type Test = (doc: SearchDocument, tokensOf: (field: TextField) => TokenWithOffsets[]) => boolean;

/**
 * The test of `doc` against `query` (null: the empty search, which matches everything) as the index
 * would match an item with the same fields: words, phrases and wildcards on the folded tokens of
 * each field (a phrase never spans two fields), `type:`, `owner:`, `createdBy:` and `created:`
 * with whole UTC days, and AND, OR and NOT. Compiled once, for the many documents of one search.
 */
export function queryMatcher(
  query: QueryNode | null,
  users: ResolvedUsers = new Map(),
): (doc: SearchDocument) => boolean {
  if (query === null) return () => true;
  const test = compiled(query, users);
  return (doc) => {
    const tokens = new Map<TextField, TokenWithOffsets[]>();
    return test(doc, (field) => {
      let found = tokens.get(field);
      if (!found) {
        found = tokensWithOffsets(
          field === 'title' ? doc.title : field === 'description' ? doc.description : (doc.file ?? ''),
        );
        tokens.set(field, found);
      }
      return found;
    });
  };
}

function compiled(node: QueryNode, users: ResolvedUsers): Test {
  switch (node.kind) {
    case 'text': {
      const fields: TextField[] = node.field === null ? ['title', 'description', 'file'] : [node.field];
      const matcher = tokenMatcher(node.match);
      return (_, tokensOf) => fields.some((field) => matcher(tokensOf(field)).length > 0);
    }
    case 'and':
    case 'or': {
      const children = node.children.map((child) => compiled(child, users));
      return node.kind === 'and'
        ? (doc, tokensOf) => children.every((child) => child(doc, tokensOf))
        : (doc, tokensOf) => children.some((child) => child(doc, tokensOf));
    }
    case 'not': {
      const child = compiled(node.child, users);
      return (doc, tokensOf) => !child(doc, tokensOf);
    }
    case 'type':
      return (doc) => doc.itemType === node.itemType;
    case 'user': {
      const ids = users.get(node.value) ?? NOBODY;
      return (doc) => ids.has(node.role === 'owner' ? doc.ownerId : doc.createdById);
    }
    case 'created': {
      const range = createdRange(node.op, node.date);
      return (doc) => inDayRange(doc.createdAt, range);
    }
    case 'metadata':
    case 'moment':
      // A search document (a folder) has no form values nor moments.
      return () => false;
  }
}

/** queryMatcher(query, users) for one document. */
export function matchesQuery(
  query: QueryNode | null,
  doc: SearchDocument,
  users: ResolvedUsers = new Map(),
): boolean {
  return queryMatcher(query, users)(doc);
}

/** The distinct `owner:` and `createdBy:` values of a query, for the server to resolve. */
export function userFilterValues(query: QueryNode | null): string[] {
  const values = new Set<string>();
  const visit = (node: QueryNode): void => {
    if (node.kind === 'user') values.add(node.value);
    else if (node.kind === 'and' || node.kind === 'or') node.children.forEach(visit);
    else if (node.kind === 'not') visit(node.child);
  };
  if (query !== null) visit(query);
  return [...values];
}
