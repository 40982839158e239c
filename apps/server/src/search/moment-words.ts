import { sql, type Expression, type SqlBool } from 'kysely';

// PostgreSQL: the words of an item's indexed moments on its own row, each as `kind:word`
// (`items.moment_words`, a tsvector without positions: 0064-item-moment-words.ts), so that a kind
// filter of words is a condition on the item: checked on a row read anyway, or looked up through
// the third column of the text indexes beside the search's words (one index scan then yields the
// items holding both).

/** How a condition on `items.moment_words` is asked: on the row, or through the text indexes. */
export type WordsOnItem = 'row' | 'indexed';

/** A word of a moment, or the words a prefix starts (`{ prefix }`). */
export type MomentWord = string | { prefix: string };

/** A tsquery lexeme, quoted (words are letters and digits, kinds names: quoted all the same). */
const lexeme = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** One of `kinds` holding the word: the tsquery of its `kind:word` lexemes. */
const anyKind = (kinds: readonly string[], word: MomentWord) =>
  kinds
    .map((kind) =>
      typeof word === 'string' ? lexeme(`${kind}:${word}`) : `${lexeme(`${kind}:${word.prefix}`)}:*`,
    )
    .join(' | ');

/**
 * The item has moments of `kinds` holding words: one of them (`some`), or each of them, in any of
 * its moments (`every`). 'indexed': the expression of the text indexes' column, which only a
 * search driven by words names (so a kind filter alone is never answered from those indexes, where
 * walking its own rows in creation order stops sooner).
 */
export function holdsWords(
  kinds: readonly string[],
  words: readonly MomentWord[],
  how: WordsOnItem,
  of: 'some' | 'every' = 'some',
): Expression<SqlBool> {
  if (kinds.length === 0 || words.length === 0) return sql<SqlBool>`${of === 'every'}`;
  const query = words.map((word) => `(${anyKind(kinds, word)})`).join(of === 'some' ? ' | ' : ' & ');
  const column = how === 'indexed' ? sql`(items.moment_words || ''::tsvector)` : sql`items.moment_words`;
  return sql<SqlBool>`${column} @@ ${query}::tsquery`;
}
