import type { Kysely } from 'kysely';

// Persons and the faces the analyses found (issue 14, spec §3 Person item and person images, tenant
// config face-match confidence and unknown-person registration). Text and integer columns only
// (docs/decisions/0001): flags are 0/1, percentages and similarities are whole percent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('persons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    // Null while the person is unknown (registered from unmatched faces).
    .addColumn('name', 'text')
    .addColumn('name_folded', 'text')
    // 1: a public figure, in the gallery celebrity detection matches against.
    .addColumn('public_figure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unknown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('persons_tenant_name')
    .on('persons')
    .columns(['tenant_id', 'name_folded'])
    .execute();

  // A face a person or celebrity detection found: its moment, its 1024-d descriptor and, for the
  // person's images (at most the tenant's max images), the face cut out of the frame.
  await db.schema
    .createTable('person_faces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('person_id', 'text', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // The analysis_moments row (kind face or celebrity) the face shows as.
    .addColumn('moment_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    // JSON array of 1024 numbers.
    .addColumn('descriptor', 'text', (c) => c.notNull())
    // The face's width in percent of the frame's.
    .addColumn('width_pct', 'integer', (c) => c.notNull())
    // The face cut out (a person image), or null.
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('person_faces_person')
    .on('person_faces')
    .columns(['tenant_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('person_faces_item')
    .on('person_faces')
    .columns(['tenant_id', 'item_id', 'kind'])
    .execute();

  // No row: the defaults (persons.settings.ts).
  await db.schema
    .createTable('tenant_face_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('match_confidence', 'integer', (c) => c.notNull())
    .addColumn('unknown_max_images', 'integer', (c) => c.notNull())
    .addColumn('unknown_min_similarity', 'integer', (c) => c.notNull())
    .addColumn('unknown_min_face_width_pct', 'integer', (c) => c.notNull())
    .addColumn('unknown_zoom_out_pct', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
