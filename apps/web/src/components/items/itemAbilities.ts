import { canDeleteItem, canUpdate, hasPermission, type Principal } from '@skald/domain';

/** The move and delete controls a list of items offers the user; the server checks each item again. */
export interface ItemAbilities {
  /** Spec §6: moving changes the item, so it takes item.update and item.move. */
  move: boolean;
  /** Whether one of the items of these owners may be deleted: any with item.delete, else one's own. */
  deleteOf: (ownerIds: Iterable<string>) => boolean;
}

export function itemAbilities(p: Principal): ItemAbilities {
  return {
    move: canUpdate(p) && hasPermission(p, 'item.move'),
    deleteOf: (ownerIds) => [...ownerIds].some((ownerId) => canDeleteItem(p, { ownerId })),
  };
}
