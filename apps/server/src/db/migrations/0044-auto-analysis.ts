import { sql, type Kysely } from 'kysely';

// Issue 14: the analyses started by themselves once an item's transcode is done, per tenant and
// per folder. JSON { kinds: AnalysisJobKind[], language: string | null } (language: transcription's).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('auto_analysis', 'text', (c) => c.notNull().defaultTo(sql`'{"kinds":[],"language":null}'`))
    .execute();
  // Null: the tenant's setting applies to items uploaded into the folder.
  await db.schema.alterTable('folders').addColumn('auto_analysis', 'text').execute();
}
