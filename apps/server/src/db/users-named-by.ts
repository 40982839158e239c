import { sql, type RawBuilder } from 'kysely';
import { likeLiteral } from '../lib/text.ts';

/**
 * `select id from users` for the users a search's `owner:` / `createdBy:` value names (folded): the
 * e-mail exactly, or a name with a word starting with it (docs/SEARCH.md). The search's SQL uses it
 * as a subquery; `idsNamedBy` runs it for what is searched outside SQL (folders).
 */
export function usersNamedBy(tenantId: string, value: string): RawBuilder<{ id: string }> {
  const word = likeLiteral(value);
  return sql<{ id: string }>`select id from users where tenant_id = ${tenantId} and
    (email_normalized = ${value} or name_folded like ${`${word}%`} escape '\\'
      or name_folded like ${`% ${word}%`} escape '\\')`;
}
