import type { Kysely } from 'kysely';

// What the analyses found (issue 14), time-coded, one table for every kind: a shot with its
// keyframe, a line of text in a frame with its words and boxes, an utterance of a transcript with
// its words; faces and labels fit the same row (box, score, a class or a person in `text`).
// Text and integer columns only (docs/decisions/0001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analysis_moments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // The version analysed: a result speaks for the item while its version leads.
    .addColumn('version_id', 'text', (c) => c.notNull())
    // shot | text | speech (later face, label)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    // A line's or an utterance's text; null for a shot.
    .addColumn('text', 'text')
    // The text folded (domain fold), for moment search on both engines alike.
    .addColumn('text_folded', 'text')
    // 0–100: a cut's score, a line's mean word confidence.
    .addColumn('score', 'integer', (c) => c.notNull())
    // JSON { x, y, width, height } in fractions of the picture.
    .addColumn('box', 'text')
    // JSON: a line's words with boxes, an utterance's words with times.
    .addColumn('words', 'text')
    // A shot's keyframe (a blob under the item's version).
    .addColumn('blob_key', 'text')
    .addColumn('language', 'text')
    .addColumn('provider', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analysis_moments_item')
    .on('analysis_moments')
    .columns(['tenant_id', 'item_id', 'kind', 'start_ms'])
    .execute();
}
