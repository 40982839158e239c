import type { ExifMapping } from '@skald/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ExifMappingsTable } from '../../db/schema.ts';

export interface StoredExifMapping extends ExifMapping {
  createdAt: string;
}

/** A tenant has few mappings (one per field at most); they are read whole. */
export const EXIF_MAPPINGS_PER_TENANT = 200;

const mappingOf = (row: Selectable<ExifMappingsTable>): StoredExifMapping => ({
  id: row.id,
  exifPath: row.exif_path,
  formId: row.form_key,
  fieldId: row.field_id,
  createdAt: row.created_at,
});

/** A leading version's EXIF, for re-applying the mappings to existing pictures. */
export interface PictureExif {
  itemId: string;
  exif: string;
}

/** Spec §3 EXIF mappings of a tenant (table exif_mappings), and the pictures they apply to. */
export class ExifMappingsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async all(tenantId: string): Promise<StoredExifMapping[]> {
    const rows = await this.#db
      .selectFrom('exif_mappings')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('form_key')
      .orderBy('field_id')
      .limit(EXIF_MAPPINGS_PER_TENANT)
      .execute();
    return rows.map(mappingOf);
  }

  async insert(row: ExifMappingsTable): Promise<void> {
    await this.#db.insertInto('exif_mappings').values(row).execute();
  }

  /** Whether a mapping of the tenant was deleted. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('exif_mappings')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** How many live items have a leading version with EXIF. */
  async pictureCount(tenantId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('items')
      .innerJoin('item_versions', 'item_versions.id', 'items.leading_version_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('items.tenant_id', '=', tenantId)
      .where('item_versions.tenant_id', '=', tenantId)
      .where('items.deleted_at', 'is', null)
      .where('item_versions.exif', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The next `limit` of those pictures after `afterItemId`, by item id. */
  async pictures(tenantId: string, afterItemId: string, limit: number): Promise<PictureExif[]> {
    const rows = await this.#db
      .selectFrom('items')
      .innerJoin('item_versions', 'item_versions.id', 'items.leading_version_id')
      .select(['items.id as itemId', 'item_versions.exif as exif'])
      .where('items.tenant_id', '=', tenantId)
      .where('item_versions.tenant_id', '=', tenantId)
      .where('items.deleted_at', 'is', null)
      .where('item_versions.exif', 'is not', null)
      .where('items.id', '>', afterItemId)
      .orderBy('items.id')
      .limit(limit)
      .execute();
    return rows.flatMap((r) => (r.exif === null ? [] : [{ itemId: r.itemId, exif: r.exif }]));
  }
}
