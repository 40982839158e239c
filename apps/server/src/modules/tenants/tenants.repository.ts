import { EXPORT_FILE_NAME_LENGTH, fold } from '@skald/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TenantsTable } from '../../db/schema.ts';
import { contains } from '../../db/contains.ts';
import type { TenantRow } from '../../db/rows.ts';
import type { TenantDirectory } from './tenant-directory.ts';

export class TenantsRepository implements TenantDirectory {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async insert(row: Insertable<TenantsTable>): Promise<void> {
    await this.#db.insertInto('tenants').values(row).execute();
  }

  async byId(tenantId: string): Promise<TenantRow | undefined> {
    return this.#db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
  }

  async bySlug(slug: string): Promise<TenantRow | undefined> {
    return this.#db
      .selectFrom('tenants')
      .selectAll()
      .where('slug', '=', slug.toLowerCase())
      .executeTakeFirst();
  }

  /** "Look for a company": organisation names containing the folded search text, best matches first. */
  async searchByName(name: string, limit: number): Promise<Pick<TenantRow, 'slug' | 'name'>[]> {
    const needle = fold(name);

    const rows = await this.#db
      .selectFrom('tenants')
      .select(['slug', 'name', 'name_folded'])
      .where((eb) => eb.or([contains('name_folded', needle), eb('slug', '=', needle)]))
      .orderBy('name_folded')
      .limit(200)
      .execute();
    const rank = (r: { name_folded: string }) =>
      r.name_folded === needle ? 0 : r.name_folded.startsWith(needle) ? 1 : 2;
    return rows
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, limit)
      .map(({ slug, name: n }) => ({ slug, name: n }));
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom('tenants')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setMfaEnforced(tenantId: string, enforced: boolean): Promise<void> {
    await this.#db
      .updateTable('tenants')
      .set({ mfa_enforced: enforced ? 1 : 0 })
      .where('id', '=', tenantId)
      .execute();
  }

  async setForbiddenExtensions(tenantId: string, extensions: readonly string[]): Promise<void> {
    await this.#db
      .updateTable('tenants')
      .set({ forbidden_extensions: JSON.stringify(extensions) })
      .where('id', '=', tenantId)
      .execute();
  }

  /** The tenant's default upload location as set; null when it is the root (spec §6). */
  async defaultUploadFolderId(tenantId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('tenants')
      .select('default_upload_folder_id')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    return row?.default_upload_folder_id ?? null;
  }

  async setDefaultUploadFolder(tenantId: string, folderId: string | null): Promise<void> {
    await this.#db
      .updateTable('tenants')
      .set({ default_upload_folder_id: folderId })
      .where('id', '=', tenantId)
      .execute();
  }

  /** §3 share limits as set; null where the tenant set none (§9's defaults apply). */
  async shareLimits(tenantId: string): Promise<{ maxValidDays: number | null; maxViews: number | null }> {
    const row = await this.#db
      .selectFrom('tenants')
      .select(['share_max_valid_days', 'share_max_views'])
      .where('id', '=', tenantId)
      .executeTakeFirst();
    return { maxValidDays: row?.share_max_valid_days ?? null, maxViews: row?.share_max_views ?? null };
  }

  async setShareLimits(tenantId: string, limits: { maxValidDays: number | null; maxViews: number | null }) {
    await this.#db
      .updateTable('tenants')
      .set({ share_max_valid_days: limits.maxValidDays, share_max_views: limits.maxViews })
      .where('id', '=', tenantId)
      .execute();
  }

  /** Spec §3: the longest name an exported or rendered file gets, in characters. */
  async exportFileNameLength(tenantId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('tenants')
      .select('export_file_name_max')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    return row?.export_file_name_max ?? EXPORT_FILE_NAME_LENGTH.default;
  }

  async setExportFileNameLength(tenantId: string, length: number): Promise<void> {
    await this.#db
      .updateTable('tenants')
      .set({ export_file_name_max: length })
      .where('id', '=', tenantId)
      .execute();
  }
}
