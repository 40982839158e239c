import type { ItemDetailsTab } from '../../routing/paths.ts';

/** The tabs this build has, in the spec's order (Metadata, Logging, Relations, Comments, History…). */
export const ITEM_DETAILS_TABS: readonly ItemDetailsTab[] = [
  'metadata',
  'logging',
  'relations',
  'comments',
  'history',
  'usageRules',
  'shares',
  'analytics',
  'transcript',
  'translation',
];

export interface ItemTabAccess {
  /** ui.metadata */
  metadata: boolean;
  /** ui.logging */
  logging: boolean;
  /** ui.relations */
  relations: boolean;
  /** ui.comments and item.commentRead */
  comments: boolean;
  /** item.history */
  history: boolean;
  /** ui.usageRules */
  usageRules: boolean;
  /** ui.shares, and the right to share or to see every share (features/shares) */
  shares: boolean;
  /** ui.analytics */
  analytics: boolean;
  /** ui.transcript */
  transcript: boolean;
  /** ui.translation */
  translation: boolean;
}

export function itemTabs(access: ItemTabAccess): ItemDetailsTab[] {
  return ITEM_DETAILS_TABS.filter((tab) => access[tab]);
}

/** The tab for `?tab=`: the asked one when the user may see it, else the first they may; null if none. */
export function resolveItemTab(raw: string | null, access: ItemTabAccess): ItemDetailsTab | null {
  const tabs = itemTabs(access);
  return tabs.find((tab) => tab === raw) ?? tabs[0] ?? null;
}
