import { sql, type Expression, type SqlBool } from 'kysely';

// PostgreSQL: the words of an item's indexed moments on its own row, each as `kind:word`
// (`items.moment_words`), and each pair of neighbouring words of a moment as `kind:word word`
// (`items.moment_pairs`): tsvectors without positions (0064-item-moment-words.ts), so that a kind
// filter of words or a phrase is a condition on the item, looked up through their GIN indexes (the
// words: the third column of the text indexes, so one index scan also yields the items holding
// the search's words) or checked on a row read anyway. An item whose words do not fit holds
// `#overflow` in both (and `moment_overflow`): it is found by the lexeme and checked on its moments.

/** How a condition on `items.moment_words` is asked: on the row, or through the text indexes. */
export type WordsOnItem = 'row' | 'indexed';

/** A word of a moment, or the words a prefix starts (`{ prefix }`). */
export type MomentWord = string | { prefix: string };

/** A tsquery lexeme, quoted (words are letters and digits, kinds names: quoted all the same). */
const lexeme = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

const OVERFLOW = lexeme('#overflow');

/**
 * The item holds one of the lexemes of `query` in `column`, or is an overflowing item (its lexeme
 * in the same tsquery, so that the index answers both at once, beside other conditions) whose
 * moments pass `exact`.
 */
const holds = (column: Expression<unknown>, query: string, exact: Expression<SqlBool>) =>
  sql<SqlBool>`(${column} @@ ${`${query} | ${OVERFLOW}`}::tsquery
    and (not items.moment_overflow or ${exact}))`;

/**
 * The item has moments of `kinds` holding one of `words`, or (an overflowing item) `exact` holds:
 * the same test made on its moments. 'indexed': the expression of the text indexes' column, which
 * only a search driven by words names (so a kind filter of a word alone is never answered from
 * those indexes, where walking its own rows in creation order stops sooner), or a prefix (which
 * has no such rows).
 */
export function holdsWords(
  kinds: readonly string[],
  words: readonly MomentWord[],
  how: WordsOnItem,
  exact: Expression<SqlBool>,
): Expression<SqlBool> {
  if (kinds.length === 0 || words.length === 0) return sql<SqlBool>`1 = 0`;
  const query = kinds
    .flatMap((kind) =>
      words.map((word) =>
        typeof word === 'string' ? lexeme(`${kind}:${word}`) : `${lexeme(`${kind}:${word.prefix}`)}:*`,
      ),
    )
    .join(' | ');
  const column = how === 'indexed' ? sql`(items.moment_words || ''::tsvector)` : sql`items.moment_words`;
  return holds(column, query, exact);
}

/**
 * The item has a moment of `kinds` holding each neighbouring pair of a phrase's words: the phrase
 * itself when it has two, else (its pairs may be apart) a candidate that `exact` must confirm.
 */
export function holdsPairs(
  kinds: readonly string[],
  words: readonly string[],
  exact: Expression<SqlBool>,
): Expression<SqlBool> {
  if (kinds.length === 0 || words.length < 2) return exact;
  const pairs = words.slice(1).map((word, i) => `${words[i] ?? ''} ${word}`);
  const query = kinds
    .map((kind) => `(${pairs.map((pair) => lexeme(`${kind}:${pair}`)).join(' & ')})`)
    .join(' | ');
  const held = holds(sql`items.moment_pairs`, query, exact);
  return words.length === 2 ? held : sql<SqlBool>`(${held} and ${exact})`;
}
