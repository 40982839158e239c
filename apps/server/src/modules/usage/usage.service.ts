import { itemUsageRows, itemUsageSummary, type UsageState } from '@skald/domain';
import { visibleTo } from '../../access/visibility-filter.ts';
import type { Identity } from '../../identity/identity.ts';
import type { ItemForms } from '../items/item-forms.ts';
import type { UsageRepository } from './usage.repository.ts';

export interface ItemUsageDto {
  itemId: string;
  state: UsageState;
  /** Whether a user about to use the item is warned (its rules' warning levels). */
  warn: boolean;
}

interface Deps {
  usage: UsageRepository;
  forms: ItemForms;
}

const holdsValues = (forms: string | null) => {
  const parsed = forms === null ? {} : (JSON.parse(forms) as Record<string, Record<string, unknown>>);
  return (formId: string) => Object.keys(parsed[formId] ?? {}).length > 0;
};

/**
 * Spec §4 usage rules judged for many items at once (the tiles' badge): each item's state now and
 * whether it warns, by the domain's itemUsageRows, for the items the caller sees.
 */
export class UsageService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async ofItems(caller: Identity, ids: readonly string[], now = new Date()): Promise<ItemUsageDto[]> {
    const tenantId = caller.tenant.id;
    const [{ forms }, rows] = await Promise.all([
      this.#d.forms.schemaOf(tenantId),
      this.#d.usage.items(tenantId, [...new Set(ids)], visibleTo(caller.principal, 'items')),
    ]);
    return rows.map((row) => ({
      itemId: row.id,
      ...itemUsageSummary(itemUsageRows(forms, holdsValues(row.forms), row.created_at, now)),
    }));
  }
}
