import type { FoldersService } from '../folders/folders.service.ts';
import type { ItemsRepository } from './items.repository.ts';
import { nowIso } from '../../lib/time.ts';
import { newItemColumns } from './new-item-columns.ts';

interface Deps {
  items: ItemsRepository;
  folders: Pick<FoldersService, 'rootRow'>;
}

/**
 * Spec §1 and §3: a named person is an item of type person (docs/decisions/0006-person-items.md),
 * with the person's id, in the tenant's root folder and titled with the name, so item search
 * (/search-person) and person bookmarks find them. The persons module keeps it in step.
 */
export class PersonItems {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  /** Makes the person's item, or gives it the person's new name. */
  async name(tenantId: string, personId: string, name: string, userId: string): Promise<void> {
    const items = this.#d.items;
    const at = nowIso();
    const existing = await items.byId(tenantId, personId);
    if (existing) {
      await items.update(items.executor, tenantId, personId, { title: name, updated_at: at });
      return;
    }
    const root = await this.#d.folders.rootRow(tenantId, userId);
    await items.transaction(async (trx) => {
      await items.insert(trx, {
        ...newItemColumns({ tenantId, itemId: personId, folderId: root.id, userId, itemType: 'person' }, at),
        title: name,
      });
      await items.addHistory(trx, [{ tenantId, itemId: personId, actorId: userId, action: 'created', at }]);
    });
  }

  /** Removes the person's item (when the person is deleted or merged into another). */
  async remove(tenantId: string, personId: string): Promise<void> {
    const items = this.#d.items;
    await items.transaction((trx) => items.deletePermanently(trx, tenantId, personId));
  }
}
