import type { MyOrganizationTab } from '../../routing/paths.ts';

/**
 * Spec §2's organisation page lists Billing, Groups, My Team, Statistics and System Activity; the
 * tabs with a screen behind them are these, in that order (docs/ARCHITECTURE.md, Web).
 */
export const MY_ORGANIZATION_TABS: readonly MyOrganizationTab[] = ['groups', 'team'];

/** The tab to show for `?tab=`: an unknown one (a link to Billing, say) opens the first. */
export function resolveOrganizationTab(raw: string | null): MyOrganizationTab {
  return MY_ORGANIZATION_TABS.find((tab) => tab === raw) ?? 'groups';
}
