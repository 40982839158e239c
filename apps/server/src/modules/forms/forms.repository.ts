import type { MetadataForm, OptionList } from '@skald/domain';
import type { Selectable } from 'kysely';
import { formRow } from '../../db/built-in-forms.ts';
import type { Db } from '../../db/database.ts';
import type { MetadataFormsTable, OptionListsTable } from '../../db/schema.ts';

export interface StoredForm {
  form: MetadataForm;
  createdAt: string;
  updatedAt: string;
}

export interface StoredOptionList extends OptionList {
  createdAt: string;
  updatedAt: string;
}

function formOf(row: Selectable<MetadataFormsTable>): StoredForm {
  const definition = JSON.parse(row.definition) as Omit<MetadataForm, 'id' | 'label' | 'active' | 'builtIn'>;
  return {
    form: {
      ...definition,
      id: row.form_key,
      label: row.label,
      active: row.active === 1,
      builtIn: row.built_in as MetadataForm['builtIn'],
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function listOf(row: Selectable<OptionListsTable>): StoredOptionList {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as OptionList['kind'],
    options: JSON.parse(row.options) as OptionList['options'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Spec §3 metadata forms and option lists of a tenant. */
export class FormsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Every form of the tenant, by label (a tenant has tens, at most FORMS_PER_TENANT). */
  async all(tenantId: string): Promise<StoredForm[]> {
    const rows = await this.#db
      .selectFrom('metadata_forms')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('label_folded')
      .execute();
    return rows.map(formOf);
  }

  async byId(tenantId: string, id: string): Promise<StoredForm | undefined> {
    const row = await this.#db
      .selectFrom('metadata_forms')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('form_key', '=', id)
      .executeTakeFirst();
    return row && formOf(row);
  }

  async insert(tenantId: string, form: MetadataForm, at: string): Promise<void> {
    await this.#db
      .insertInto('metadata_forms')
      .values(formRow(tenantId, form, at))
      .execute();
  }

  async replace(tenantId: string, form: MetadataForm, createdAt: string, at: string): Promise<void> {
    const row = formRow(tenantId, form, createdAt, at);
    await this.#db
      .updateTable('metadata_forms')
      .set({
        label: row.label,
        label_folded: row.label_folded,
        built_in: row.built_in,
        active: row.active,
        definition: row.definition,
        updated_at: row.updated_at,
      })
      .where('tenant_id', '=', tenantId)
      .where('form_key', '=', form.id)
      .execute();
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.#db
      .deleteFrom('metadata_forms')
      .where('tenant_id', '=', tenantId)
      .where('form_key', '=', id)
      .execute();
  }

  async optionLists(tenantId: string): Promise<StoredOptionList[]> {
    const rows = await this.#db
      .selectFrom('option_lists')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('name_folded')
      .execute();
    return rows.map(listOf);
  }

  async optionList(tenantId: string, id: string): Promise<StoredOptionList | undefined> {
    const row = await this.#db
      .selectFrom('option_lists')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && listOf(row);
  }

  async insertOptionList(row: OptionListsTable): Promise<void> {
    await this.#db.insertInto('option_lists').values(row).execute();
  }

  async updateOptionList(
    tenantId: string,
    id: string,
    columns: Pick<OptionListsTable, 'name' | 'name_folded' | 'kind' | 'options' | 'updated_at'>,
  ): Promise<void> {
    await this.#db
      .updateTable('option_lists')
      .set(columns)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }

  async deleteOptionList(tenantId: string, id: string): Promise<void> {
    await this.#db
      .deleteFrom('option_lists')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}
