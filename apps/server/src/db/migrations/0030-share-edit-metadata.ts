import type { Kysely } from 'kysely';

// Issue 13 §2: a share may let its recipients edit the fields of the forms' share view.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shares')
    .addColumn('allow_edit_metadata', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
