import type { Kysely } from 'kysely';

// Spec §3 Preset and the renders made through presets (issue 15). Text and integer columns only
// (docs/decisions/0001): flags are 0/1, the capabilities a JSON list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('preset_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('recipe', 'text', (c) => c.notNull())
    .addColumn('profile_mode', 'text', (c) => c.notNull())
    .addColumn('capabilities', 'text', (c) => c.notNull())
    .addColumn('override_start_timecode', 'integer', (c) => c.notNull())
    .addColumn('start_timecode', 'text')
    // No cascade: a preset another falls back to is kept (spec §5), by the service and by the key.
    .addColumn('fallback_preset_id', 'text', (c) => c.references('presets.id'))
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('built_in', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('presets_preset_id')
    .on('presets')
    .columns(['tenant_id', 'preset_id'])
    .unique()
    .execute();

  // A render: a new item made from a range of a source through a preset. A subclip keeps its
  // source and range here (its link in Relations) and keeps its preset (spec §5: a preset used for
  // subclipping cannot be deleted).
  await db.schema
    .createTable('renders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_item_id', 'text', (c) => c.notNull())
    .addColumn('preset_id', 'text', (c) => c.notNull().references('presets.id'))
    // The item being made; its version and job are the ones the intake gave it.
    .addColumn('target_item_id', 'text', (c) => c.notNull())
    .addColumn('target_version_id', 'text', (c) => c.notNull())
    // The preset's recipe and start timecode when it was asked for: a later edit does not change a render under way.
    .addColumn('recipe', 'text', (c) => c.notNull())
    .addColumn('start_timecode', 'text')
    .addColumn('in_frame', 'integer', (c) => c.notNull())
    .addColumn('out_frame', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('renders_source')
    .on('renders')
    .columns(['tenant_id', 'source_item_id'])
    .execute();
  await db.schema
    .createIndex('renders_target')
    .on('renders')
    .columns(['tenant_id', 'target_item_id'])
    .execute();
  await db.schema.createIndex('renders_preset').on('renders').columns(['tenant_id', 'preset_id']).execute();
}
