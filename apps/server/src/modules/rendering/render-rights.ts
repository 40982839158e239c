import { MESSAGES, formatMessage, type ItemMetadata, type MetadataForm } from '@skald/domain';
import type { Transaction } from 'kysely';
import type { ItemRow } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import type { ItemForms } from '../items/item-forms.ts';
import type { ShareRights, StoredValues } from '../shares/share-rights.ts';

/** Writes a new item's form values in the caller's transaction (the item metadata repository). */
export interface ValueWriter {
  putAll(
    trx: Transaction<Database>,
    tenantId: string,
    entries: readonly { itemId: string; forms: ItemMetadata }[],
    at: string,
  ): Promise<void>;
}

/** Form values that carry usage rules, to write into the new item in the render's transaction. */
export type InheritedRules = (trx: Transaction<Database>, itemId: string, at: string) => Promise<void>;

/**
 * Usage rules on render (issue 15, spec §3 usage rule groups judged by the domain's usageVerdict):
 * rendering material outside its rights asks for confirmation first, and what is made (subclip,
 * virtual clip, sequence, export) carries the usage rules of its sources — the values of the forms
 * that hold rules, the first source's where two hold the same form.
 */
export class RenderRights {
  readonly #rights: Pick<ShareRights, 'of'>;
  readonly #forms: ItemForms;
  readonly #values: StoredValues & ValueWriter;
  constructor(rights: Pick<ShareRights, 'of'>, forms: ItemForms, values: StoredValues & ValueWriter) {
    this.#rights = rights;
    this.#forms = forms;
    this.#values = values;
  }

  /** A 409 naming how many sources are outside their rights, unless the caller confirmed. */
  async assertConfirmed(tenantId: string, sources: readonly ItemRow[], confirmed: boolean): Promise<void> {
    if (confirmed) return;
    const rights = await this.#rights.of(tenantId, sources, new Date());
    const count = [...rights.values()].filter((r) => r.outside).length;
    if (count === 0) return;
    const message = formatMessage(MESSAGES.renderRightsExpired, { count });
    throw new AppError('conflict', message, [
      { field: 'confirmRights', message, messageId: 'renderRightsExpired', params: { count } },
    ]);
  }

  /** The sources' rule-carrying form values, read now (before the transaction), written by the answer. */
  async inherited(tenantId: string, sourceIds: readonly string[]): Promise<InheritedRules> {
    const [{ forms }, values] = await Promise.all([
      this.#forms.schemaOf(tenantId),
      this.#values.ofItems(tenantId, [...new Set(sourceIds)]),
    ]);
    const merged = mergeRuleValues(
      forms,
      sourceIds.map((id) => values.get(id) ?? {}),
    );
    return async (trx, itemId, at) => {
      if (Object.keys(merged).length > 0)
        await this.#values.putAll(trx, tenantId, [{ itemId, forms: merged }], at);
    };
  }
}

/** The values of forms with usage rules (the Common form's apply to every item already), first source first. */
export function mergeRuleValues(
  forms: readonly MetadataForm[],
  sources: readonly ItemMetadata[],
): ItemMetadata {
  const ruled = new Set(
    forms.filter((f) => f.usageRules.length > 0 && f.builtIn !== 'common').map((f) => f.id),
  );
  const merged: Record<string, ItemMetadata[string]> = {};
  for (const values of sources)
    for (const [formId, fields] of Object.entries(values))
      if (ruled.has(formId) && !(formId in merged) && Object.keys(fields).length > 0) merged[formId] = fields;
  return merged;
}
