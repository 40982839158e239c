import type { Kysely } from 'kysely';

// Issue 14 §4: moments are searched through their index (search_moments, 0038-moment-search.ts)
// since the substring scan `GET /api/v1/moments/search` is gone, so nothing reads their folded text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_moments').dropColumn('text_folded').execute();
}
