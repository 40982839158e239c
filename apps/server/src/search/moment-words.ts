import { sql, type Expression, type SqlBool } from 'kysely';

// PostgreSQL: the words of an item's indexed moments on its own row, each as `kind:word`, and each
// pair of neighbouring words of a moment as `kind:word word` (`items.moment_words`, a tsvector
// without positions: 0064-item-moment-words.ts), so that a kind filter of words or a phrase is a
// condition on the item: checked on a row read anyway, or looked up through the third column of
// the text indexes (one index scan then yields the items holding the search's words too).

/** How a condition on `items.moment_words` is asked: on the row, or through the text indexes. */
export type WordsOnItem = 'row' | 'indexed';

/** A word of a moment, a phrase (`{ phrase }`, its words in a row), or a prefix (`{ prefix }`). */
export type MomentWord = string | { phrase: readonly string[] } | { prefix: string };

/** A tsquery lexeme, quoted (words are letters and digits, kinds names: quoted all the same). */
const lexeme = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** A phrase as the pairs of its neighbouring words, each held as one lexeme. */
const pairsOf = (words: readonly string[]) =>
  words.length < 2 ? [...words] : words.slice(1).map((word, i) => `${words[i] ?? ''} ${word}`);

/** One of `kinds` holding the word (every pair of a phrase in one kind): its tsquery. */
const anyKind = (kinds: readonly string[], word: MomentWord) =>
  kinds
    .map((kind) => {
      if (typeof word === 'string') return lexeme(`${kind}:${word}`);
      if ('prefix' in word) return `${lexeme(`${kind}:${word.prefix}`)}:*`;
      return `(${pairsOf(word.phrase)
        .map((pair) => lexeme(`${kind}:${pair}`))
        .join(' & ')})`;
    })
    .join(' | ');

/** What an item whose words do not fit holds instead (0064-item-moment-words.ts). */
const OVERFLOW = lexeme('#overflow');

/**
 * The item has moments of `kinds` holding one of `words`, or (`#overflow`) `exact` holds: the same
 * test made on its moments. 'indexed': the expression of the text indexes' column, which only a
 * search driven by words names (so a kind filter of a word alone is never answered from those
 * indexes, where walking its own rows in creation order stops sooner), or a prefix or phrase
 * (which have no such rows). A phrase of more than two words is held when each of its pairs is,
 * which `exact` must then check.
 */
export function holdsWords(
  kinds: readonly string[],
  words: readonly MomentWord[],
  how: WordsOnItem,
  exact: Expression<SqlBool>,
): Expression<SqlBool> {
  if (kinds.length === 0 || words.length === 0) return sql<SqlBool>`1 = 0`;
  const query = words.map((word) => `(${anyKind(kinds, word)})`).join(' | ');
  const column = how === 'indexed' ? sql`(items.moment_words || ''::tsvector)` : sql`items.moment_words`;
  return sql<SqlBool>`(${column} @@ ${query}::tsquery
    or (${column} @@ ${OVERFLOW}::tsquery and ${exact}))`;
}
