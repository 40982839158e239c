import { fold, searchTokens } from '@skald/domain';
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import type { Database } from '../schema.ts';

// Spec §3 Person item and person images (docs/decisions/0006-person-items.md):
// 1. A person image may be a picture uploaded for the person (kind 'upload'), found in no item: its
//    face's item, moment and time become optional.
// 2. A named person is an item of type person (same id, in the tenant's root folder, titled with
//    the name), so that item search (/search-person) and bookmarks find them. Named persons made
//    before this migration get theirs here, owned by their root folder's owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const column of ['item_id', 'moment_id', 'start_ms'])
      await sql`alter table person_faces alter column ${sql.ref(column)} drop not null`.execute(db);
  } else {
    await sqliteRebuild(db);
  }
  await personItems(db);
}

/** SQLite cannot drop NOT NULL: the table is made again with the same rows. */
async function sqliteRebuild(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_faces_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('person_id', 'text', (c) => c.references('persons.id').onDelete('set null'))
    .addColumn('item_id', 'text', (c) => c.references('items.id').onDelete('cascade'))
    .addColumn('moment_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer')
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('width_pct', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into person_faces_next select id, tenant_id, person_id, item_id, moment_id, kind,
    start_ms, descriptor, width_pct, image_key, created_at from person_faces`.execute(db);
  await db.schema.dropTable('person_faces').execute();
  await db.schema.alterTable('person_faces_next').renameTo('person_faces').execute();
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
}

async function personItems(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Database>;
  const named = await db
    .selectFrom('persons')
    .innerJoin('folders', (join) =>
      join.onRef('folders.tenant_id', '=', 'persons.tenant_id').on('folders.parent_id', 'is', null),
    )
    .leftJoin('items', 'items.id', 'persons.id')
    .select([
      'persons.id',
      'persons.tenant_id',
      'persons.name',
      'persons.created_at',
      'persons.updated_at',
      'folders.id as folder_id',
      'folders.owner_id',
    ])
    .where('persons.name', 'is not', null)
    .where('items.id', 'is', null)
    .execute();
  for (const p of named) {
    const title = p.name ?? '';
    await db
      .insertInto('items')
      .values({
        id: p.id,
        tenant_id: p.tenant_id,
        item_type: 'person',
        title,
        title_folded: fold(title),
        search_title: searchTokens(title).join(' '),
        folder_id: p.folder_id,
        owner_id: p.owner_id,
        created_by: p.owner_id,
        visible_level: null,
        updatable_level: null,
        leading_version_id: null,
        duration_ms: null,
        created_at: p.created_at,
        updated_at: p.updated_at,
        deleted_at: null,
        deleted_by: null,
        clip_source_id: null,
        clip_start_ms: null,
        clip_end_ms: null,
      })
      .execute();
    const terms = [...new Set(searchTokens(title))].map((term) => ({ tenant_id: p.tenant_id, term }));
    if (terms.length > 0)
      await db
        .insertInto('search_terms')
        .values(terms)
        .onConflict((oc) => oc.columns(['tenant_id', 'term']).doNothing())
        .execute();
  }
}
