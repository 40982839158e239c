import {
  DATE_TERM_PREFIX,
  FIRST_TOKEN,
  SORT_TERM_PREFIX,
  metadataTerm,
  type CompareOp,
  type MetadataMatch,
} from '@skald/domain';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

// The term just above every term starting with a prefix ending in ':' (';' follows ':').
const after = (prefix: string) => `${prefix.slice(0, -1)};`;

/** `term` within `[from, to)`. */
const between = (from: string, to: string) => sql<SqlBool>`term >= ${from} and term < ${to}`;

/** The terms that start with `prefix`: one range of the primary key. */
function startingWith(prefix: string): Expression<SqlBool> {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const upper = prefix.slice(0, -1) + String.fromCodePoint(last + 1);
  return between(prefix, upper);
}

function dateTerms(op: CompareOp, date: string): Expression<SqlBool> {
  const day = DATE_TERM_PREFIX + date;
  const end = after(DATE_TERM_PREFIX);
  switch (op) {
    case '=':
      return sql<SqlBool>`term = ${day}`;
    case '>':
      return sql<SqlBool>`term > ${day} and term < ${end}`;
    case '>=':
      return between(day, end);
    case '<':
      return between(DATE_TERM_PREFIX, day);
    case '<=':
      return sql<SqlBool>`term >= ${DATE_TERM_PREFIX} and term <= ${day}`;
  }
}

/** A wildcard pattern (`*` any run, `?` one character) as a LIKE pattern, escaping LIKE's own. */
const likePattern = (pattern: string) =>
  pattern
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');

/** The items of the tenant whose field `fieldKey` holds a term passing `terms`. */
function itemsWith(tenantId: string, fieldKey: string, terms: Expression<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`items.id in (select item_id from item_field_terms
    where tenant_id = ${tenantId} and field_key = ${fieldKey} and ${terms})`;
}

/**
 * A metadata field filter (`fieldId:value`, docs/SEARCH.md) as a condition on `items`: the item's
 * rows of the field index hold the word, every pair of neighbouring words of the phrase, a term
 * with the prefix or matching the pattern, or a day in the range.
 */
export function metadataCondition(
  tenantId: string,
  fieldKey: string,
  match: MetadataMatch,
): Expression<SqlBool> {
  const withTerm = (terms: Expression<SqlBool>) => itemsWith(tenantId, fieldKey, terms);
  switch (match.kind) {
    case 'word':
      return withTerm(sql<SqlBool>`term = ${metadataTerm(match.word)}`);
    case 'phrase': {
      const pairs = match.words.slice(1).map((word, i) => `${match.words[i] ?? ''} ${word}`);
      return sql<SqlBool>`(${sql.join(
        pairs.map((pair) => withTerm(sql<SqlBool>`term = ${metadataTerm(pair)}`)),
        sql` and `,
      )})`;
    }
    case 'wildcard':
      return withTerm(
        match.prefix === null
          ? sql<SqlBool>`term >= ${FIRST_TOKEN} and term like ${likePattern(match.pattern)} escape '\\'`
          : startingWith(match.prefix),
      );
    case 'date':
      return withTerm(dateTerms(match.op, match.date));
  }
}

/** An item's sort key of a field (null when it has no value there), for ordering by the field. */
export function metadataSortKey(tenantId: string, fieldKey: string): RawBuilder<string | null> {
  return sql<string | null>`(select min(term) from item_field_terms
    where item_id = items.id and tenant_id = ${tenantId} and field_key = ${fieldKey}
    and ${between(SORT_TERM_PREFIX, after(SORT_TERM_PREFIX))})`;
}
