import { rightsSummary, usageRows, type ItemMetadata, type RightsSummary } from '@skald/domain';
import type { ItemForms } from '../items/item-forms.ts';

/**
 * The usage rules of shared items (spec §3 usage rule groups, judged by the domain's usageVerdict
 * from the item's ingest time): sharing an item outside its rights asks for confirmation, and the
 * recipient sees the warning. The forms service and the item metadata repository implement it.
 */
/** Many items' stored form values at once (the item metadata repository has it). */
export interface StoredValues {
  ofItems(tenantId: string, itemIds: readonly string[]): Promise<Map<string, ItemMetadata>>;
}

export class ShareRights {
  readonly #forms: ItemForms;
  readonly #metadata: StoredValues;
  constructor(forms: ItemForms, metadata: StoredValues) {
    this.#forms = forms;
    this.#metadata = metadata;
  }

  /** Each item's rights now, by id. */
  async of(
    tenantId: string,
    items: readonly { id: string; created_at: string }[],
    now: Date,
  ): Promise<Map<string, RightsSummary>> {
    const [{ forms }, values] = await Promise.all([
      this.#forms.schemaOf(tenantId),
      this.#metadata.ofItems(
        tenantId,
        items.map((i) => i.id),
      ),
    ]);
    return new Map(
      items.map((i) => [i.id, rightsSummary(usageRows(forms, values.get(i.id) ?? {}, i.created_at, now))]),
    );
  }
}
