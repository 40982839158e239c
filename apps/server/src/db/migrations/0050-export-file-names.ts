import type { Kysely } from 'kysely';

// Issue 15, spec §3 tenant config "max file name length for exports". Null: the default (120).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('export_file_name_max', 'integer').execute();
}
