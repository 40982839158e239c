import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, PresetsTable } from '../../db/schema.ts';

export type PresetRow = Selectable<PresetsTable>;
type Executor = Transaction<Database> | Db;

/** Spec §3 presets, always read and written within one tenant. */
export class PresetsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Every preset of the tenant (a tenant has tens, not thousands), by name. */
  async list(tenantId: string): Promise<PresetRow[]> {
    return this.#db
      .selectFrom('presets')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .orderBy('id')
      .limit(1000)
      .execute();
  }

  async byId(tenantId: string, id: string, on: Executor = this.#db): Promise<PresetRow | undefined> {
    return on
      .selectFrom('presets')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async builtInIds(tenantId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('presets')
      .select('preset_id')
      .where('tenant_id', '=', tenantId)
      .where('built_in', '=', 1)
      .execute();
    return rows.map((r) => r.preset_id);
  }

  async insert(row: Insertable<PresetsTable>, on: Executor = this.#db): Promise<void> {
    await on.insertInto('presets').values(row).execute();
  }

  async update(
    on: Executor,
    tenantId: string,
    id: string,
    patch: Partial<Omit<PresetRow, 'id' | 'tenant_id' | 'created_at'>>,
  ): Promise<void> {
    await on
      .updateTable('presets')
      .set(patch)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  /** Spec §4: one default for all users; setting one unsets the others. */
  async clearDefault(on: Executor, tenantId: string, at: string): Promise<void> {
    await on
      .updateTable('presets')
      .set({ is_default: 0, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('is_default', '=', 1)
      .execute();
  }

  /**
   * What keeps a preset (spec §5): presets falling back to it and renders made through it, of every
   * kind (subclip, whole item, sequence export, central request): each row keeps its preset.
   */
  async uses(on: Executor, tenantId: string, id: string): Promise<{ fallbackOf: number; subclips: number }> {
    const fallback = await on
      .selectFrom('presets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('fallback_preset_id', '=', id)
      .executeTakeFirstOrThrow();
    const renders = await on
      .selectFrom('renders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('preset_id', '=', id)
      .executeTakeFirstOrThrow();
    return { fallbackOf: Number(fallback.n), subclips: Number(renders.n) };
  }

  async delete(on: Executor, tenantId: string, id: string): Promise<void> {
    await on.deleteFrom('presets').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }
}
