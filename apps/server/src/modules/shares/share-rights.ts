import { rightsSummary, usageRows, type RightsSummary } from '@skald/domain';
import type { ItemMetadataRepository } from '../items/item-metadata.repository.ts';
import type { ItemForms } from '../items/item-forms.ts';

/**
 * The usage rules of shared items (spec §3 usage rule groups, judged by the domain's usageVerdict
 * from the item's ingest time): sharing an item outside its rights asks for confirmation, and the
 * recipient sees the warning. The forms service and the item metadata repository implement it.
 */
export class ShareRights {
  readonly #forms: ItemForms;
  readonly #metadata: Pick<ItemMetadataRepository, 'ofItems'>;
  constructor(forms: ItemForms, metadata: Pick<ItemMetadataRepository, 'ofItems'>) {
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
