import { sql, type RawBuilder } from 'kysely';

/** `column LIKE %text%` with LIKE's wildcards in `text` taken literally, on both engines. */
export function contains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
