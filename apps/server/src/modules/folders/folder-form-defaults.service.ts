import { layerFormValues, type ItemMetadata } from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';
import { nowIso } from '../../lib/time.ts';
import type { ItemPrefill } from '../items/item-prefill.ts';
import type { FolderFormDefaultsRepository } from './folder-form-defaults.repository.ts';
import type { FoldersService } from './folders.service.ts';

export interface FolderFormDefaultsDto {
  folderId: string;
  /** form id → field id → value given to every item uploaded into the folder (the upload's own values win). */
  forms: ItemMetadata;
}

interface Deps {
  defaults: FolderFormDefaultsRepository;
  folders: Pick<FoldersService, 'visibleRow' | 'writableRow'>;
  prefill: Pick<ItemPrefill, 'check'>;
}

/** Spec §2 "The folder view can set a folder's default form values for items uploaded into it." */
export class FolderFormDefaultsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async get(caller: Identity, folderId: string): Promise<FolderFormDefaultsDto> {
    await this.#d.folders.visibleRow(caller, folderId);
    return { folderId, forms: await this.#d.defaults.of(caller.tenant.id, folderId) };
  }

  /** Replaces the folder's defaults (an empty value clears a field): who may put items into the folder may. */
  async put(caller: Identity, folderId: string, forms: ItemMetadata): Promise<FolderFormDefaultsDto> {
    await this.#d.folders.writableRow(caller, folderId, 'id');
    const kept = layerFormValues(forms);
    await this.#d.prefill.check(caller, kept, 'forms');
    await this.#d.defaults.put(caller.tenant.id, folderId, kept, caller.user.id, nowIso());
    return { folderId, forms: kept };
  }
}
