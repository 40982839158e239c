import { fold } from '@skald/domain';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import { contains } from '../../db/contains.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Database, PersonFacesTable, PersonsTable, TenantFaceSettingsTable } from '../../db/schema.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';

export type PersonRow = Selectable<PersonsTable>;
export type PersonFaceRow = Selectable<PersonFacesTable>;
export type FaceSettingsRow = Omit<Selectable<TenantFaceSettingsTable>, 'tenant_id' | 'updated_at'>;

/** A face of the gallery a detection matches against: a person image's descriptor. */
export interface GalleryFace {
  personId: string;
  name: string | null;
  unknown: boolean;
  descriptor: number[];
  /** Where the face was found; null for a picture uploaded for the person. */
  itemId: string | null;
  kind: string;
}

/** Where a person appears: the face moments with their items. */
export interface AppearanceRow {
  item_id: string;
  item_title: string;
  item_type: string;
  moment_id: string;
  kind: string;
  start_ms: number;
}

type ItemFilter = ((eb: ExpressionBuilder<Database, 'items'>) => Expression<SqlBool>) | undefined;

/** At most this many faces answer one person's appearances, and one gallery. */
const APPEARANCES_MAX = 1_000;
const GALLERY_MAX = 20_000;

/** Persons, their faces (with descriptors) and the tenant's face settings (0041-persons.ts). */
export class PersonsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async settings(tenantId: string): Promise<FaceSettingsRow | null> {
    const row = await this.#db
      .selectFrom('tenant_face_settings')
      .select([
        'match_confidence',
        'unknown_max_images',
        'unknown_min_similarity',
        'unknown_min_face_width_pct',
        'unknown_zoom_out_pct',
      ])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row ?? null;
  }

  async setSettings(tenantId: string, values: FaceSettingsRow): Promise<void> {
    const row = { tenant_id: tenantId, ...values, updated_at: nowIso() };
    await this.#db
      .insertInto('tenant_face_settings')
      .values(row)
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: row.updated_at }))
      .execute();
  }

  async create(
    tenantId: string,
    id: string,
    values: { name: string | null; unknown: boolean; publicFigure?: boolean },
  ): Promise<void> {
    const at = nowIso();
    await this.#db
      .insertInto('persons')
      .values({
        id,
        tenant_id: tenantId,
        name: values.name,
        name_folded: values.name === null ? null : fold(values.name),
        public_figure: values.publicFigure ? 1 : 0,
        unknown: values.unknown ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  async byId(tenantId: string, id: string): Promise<PersonRow | undefined> {
    return this.#db
      .selectFrom('persons')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Persons whose name holds `q` (case and accents ignored), named first, then unknown, newest first. */
  async list(tenantId: string, q: string | undefined, paging: Paging): Promise<Page<PersonRow>> {
    let base = this.#db.selectFrom('persons').where('tenant_id', '=', tenantId);
    if (q) base = base.where(contains('name_folded', fold(q)));
    const [items, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('unknown')
        .orderBy('name_folded')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(paging.from)
        .limit(paging.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
    ]);
    return { items, total: Number(count?.n ?? 0), ...paging };
  }

  async update(
    tenantId: string,
    id: string,
    values: { name?: string; publicFigure?: boolean },
  ): Promise<void> {
    await this.#db
      .updateTable('persons')
      .set({
        ...(values.name === undefined
          ? {}
          : { name: values.name, name_folded: fold(values.name), unknown: 0 }),
        ...(values.publicFigure === undefined ? {} : { public_figure: values.publicFigure ? 1 : 0 }),
        updated_at: nowIso(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Moves every face of `from` to `into` and removes `from`; returns the faces' moment ids. */
  async merge(tenantId: string, into: string, from: string): Promise<string[]> {
    const moments = await this.faceMoments(tenantId, from);
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('person_faces')
        .set({ person_id: into })
        .where('tenant_id', '=', tenantId)
        .where('person_id', '=', from)
        .execute();
      await trx.deleteFrom('persons').where('tenant_id', '=', tenantId).where('id', '=', from).execute();
    });
    return moments;
  }

  /**
   * Removes the person; the faces found in items stay as faces of no one, the pictures uploaded for
   * them go. Returns the faces' moment ids and the uploaded pictures' blob keys (the caller removes them).
   */
  async delete(tenantId: string, id: string): Promise<{ moments: string[]; uploads: string[] }> {
    const moments = await this.faceMoments(tenantId, id);
    return this.#db.transaction().execute(async (trx) => {
      const uploads = await trx
        .deleteFrom('person_faces')
        .where('tenant_id', '=', tenantId)
        .where('person_id', '=', id)
        .where('item_id', 'is', null)
        .returning('image_key')
        .execute();
      await trx
        .updateTable('person_faces')
        .set({ person_id: null })
        .where('tenant_id', '=', tenantId)
        .where('person_id', '=', id)
        .execute();
      await trx.deleteFrom('persons').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      return { moments, uploads: uploads.flatMap((u) => (u.image_key === null ? [] : [u.image_key])) };
    });
  }

  /** The person images' descriptors: every person's, or only public figures' (celebrities). */
  async gallery(tenantId: string, publicFiguresOnly: boolean): Promise<GalleryFace[]> {
    let query = this.#db
      .selectFrom('person_faces')
      .innerJoin('persons', 'persons.id', 'person_faces.person_id')
      .select([
        'persons.id',
        'persons.name',
        'persons.unknown',
        'person_faces.descriptor',
        'person_faces.item_id',
        'person_faces.kind',
      ])
      .where('person_faces.tenant_id', '=', tenantId)
      .where('persons.tenant_id', '=', tenantId)
      .where('person_faces.image_key', 'is not', null);
    if (publicFiguresOnly) query = query.where('persons.public_figure', '=', 1);
    const rows = await query.limit(GALLERY_MAX).execute();
    return rows.map((r) => ({
      personId: r.id,
      name: r.name,
      unknown: r.unknown === 1,
      descriptor: JSON.parse(r.descriptor) as number[],
      itemId: r.item_id,
      kind: r.kind,
    }));
  }

  /** How many images each person has, leaving out those of one item's faces of a kind (a rerun's). */
  async imageCounts(
    tenantId: string,
    options: { except: { itemId: string; kind: string } },
  ): Promise<Map<string, number>> {
    const { itemId, kind } = options.except;
    const rows = await this.#db
      .selectFrom('person_faces')
      .select(['person_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('image_key', 'is not', null)
      .where('person_id', 'is not', null)
      // Pictures uploaded for a person do not count: the max images bounds what detection cuts out.
      .where('item_id', 'is not', null)
      .where((eb) => eb.or([eb('item_id', '!=', itemId), eb('kind', '!=', kind)]))
      .groupBy('person_id')
      .execute();
    return new Map(rows.map((r) => [r.person_id as string, Number(r.n)]));
  }

  /**
   * Replaces the item's faces of a kind with a run's; returns the image blobs of the faces replaced
   * (the caller removes them) and drops unknown persons left with no face.
   */
  async replaceFaces(
    tenantId: string,
    itemId: string,
    kind: string,
    rows: PersonFaceRow[],
  ): Promise<string[]> {
    return this.#db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom('person_faces')
        .select('image_key')
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .where('kind', '=', kind)
        .where('image_key', 'is not', null)
        .execute();
      await trx
        .deleteFrom('person_faces')
        .where('tenant_id', '=', tenantId)
        .where('item_id', '=', itemId)
        .where('kind', '=', kind)
        .execute();
      for (let i = 0; i < rows.length; i += 50) {
        await trx
          .insertInto('person_faces')
          .values(rows.slice(i, i + 50))
          .execute();
      }
      await trx
        .deleteFrom('persons')
        .where('tenant_id', '=', tenantId)
        .where('unknown', '=', 1)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('person_faces')
                .select('id')
                .whereRef('person_faces.person_id', '=', 'persons.id'),
            ),
          ),
        )
        .execute();
      return old.map((r) => r.image_key as string);
    });
  }

  /** The person's images: faces cut out, oldest first. */
  async images(
    tenantId: string,
    personId: string,
  ): Promise<Pick<PersonFaceRow, 'id' | 'item_id' | 'start_ms' | 'kind'>[]> {
    return this.#db
      .selectFrom('person_faces')
      .select(['id', 'item_id', 'start_ms', 'kind'])
      .where('tenant_id', '=', tenantId)
      .where('person_id', '=', personId)
      .where('image_key', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** A picture uploaded for the person: its face, as a person image. */
  async addUpload(row: PersonFaceRow): Promise<void> {
    await this.#db.insertInto('person_faces').values(row).execute();
  }

  /**
   * Takes an image from the person: an uploaded picture goes, a face found in an item stays there
   * but no longer shows (or matches) the person. Answers the image's blob key, or null if none.
   */
  async removeImage(tenantId: string, personId: string, faceId: string): Promise<string | null> {
    return this.#db.transaction().execute(async (trx) => {
      const key = await this.imageKey(tenantId, personId, faceId, trx);
      if (key === null) return null;
      await trx
        .deleteFrom('person_faces')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', faceId)
        .where('item_id', 'is', null)
        .execute();
      await trx
        .updateTable('person_faces')
        .set({ image_key: null })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', faceId)
        .execute();
      return key;
    });
  }

  async imageKey(
    tenantId: string,
    personId: string,
    faceId: string,
    on: Executor = this.#db,
  ): Promise<string | null> {
    const row = await on
      .selectFrom('person_faces')
      .select('image_key')
      .where('tenant_id', '=', tenantId)
      .where('person_id', '=', personId)
      .where('id', '=', faceId)
      .executeTakeFirst();
    return row?.image_key ?? null;
  }

  /**
   * The live items the filter lets through that the person appears in, with each face moment, in
   * the items' and time order.
   */
  async appearances(tenantId: string, personId: string, visible: ItemFilter): Promise<AppearanceRow[]> {
    let query = this.#db
      .selectFrom('person_faces')
      .innerJoin('items', 'items.id', 'person_faces.item_id')
      .select([
        'person_faces.item_id',
        'items.title as item_title',
        'items.item_type as item_type',
        'person_faces.moment_id',
        'person_faces.kind',
        'person_faces.start_ms',
      ])
      .where('person_faces.tenant_id', '=', tenantId)
      .where('items.tenant_id', '=', tenantId)
      .where('items.deleted_at', 'is', null)
      .where('person_faces.person_id', '=', personId);
    if (visible) query = query.where(visible);
    return (
      query
        // A face found in an item (the join) has its moment and time.
        .$narrowType<{ item_id: string; moment_id: string; start_ms: number }>()
        .orderBy('items.created_at', 'desc')
        .orderBy('person_faces.item_id')
        .orderBy('person_faces.start_ms')
        .limit(APPEARANCES_MAX)
        .execute()
    );
  }

  /** The moments of the person's faces (to name them). */
  async faceMoments(tenantId: string, personId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('person_faces')
      .select('moment_id')
      .where('tenant_id', '=', tenantId)
      .where('person_id', '=', personId)
      .where('moment_id', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.moment_id === null ? [] : [r.moment_id]));
  }

  /** The person each of the item's faces shows, by moment id. */
  async personsOfMoments(tenantId: string, itemId: string): Promise<Map<string, string>> {
    const rows = await this.#db
      .selectFrom('person_faces')
      .select(['moment_id', 'person_id'])
      .where('tenant_id', '=', tenantId)
      .where('item_id', '=', itemId)
      .where('person_id', 'is not', null)
      .execute();
    return new Map(rows.flatMap((r) => (r.moment_id === null ? [] : [[r.moment_id, r.person_id as string]])));
  }
}
