import { PostgresAdapter, type Kysely } from 'kysely';
import type { DbEngine } from './database.ts';

/** Which engine a Kysely instance talks to, for the few places that must differ (search, DDL). */
export function engineOf(db: Kysely<unknown>): DbEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
