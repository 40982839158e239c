import type { Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** Where a repository method runs: the database itself, or the caller's transaction. */
export type Executor = Db | Transaction<Database>;
