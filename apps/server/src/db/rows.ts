import type { Selectable } from 'kysely';
import type {
  FoldersTable,
  GroupsTable,
  AnalysisMomentsTable,
  ItemAnalysesTable,
  ItemsTable,
  ItemVersionsTable,
  TenantsTable,
  UsersTable,
} from './schema.ts';

// Rows that more than one module reads. They belong to the schema, not to the repository that
// writes them, so a module can name another's rows without reaching for its repository.
export type TenantRow = Selectable<TenantsTable>;
export type UserRow = UsersTable;
export type GroupRow = GroupsTable;
export type FolderRow = Selectable<FoldersTable>;
export type ItemRow = Selectable<ItemsTable>;
export type VersionRow = Selectable<ItemVersionsTable>;
export type AnalysisRow = Selectable<ItemAnalysesTable>;
export type AnalysisMomentRow = Selectable<AnalysisMomentsTable>;

/** An entry of an item's history as any module writes it (items, folders, processing). */
export interface ItemHistoryEntry {
  tenantId: string;
  itemId: string;
  actorId: string | null;
  action: string;
  details?: Record<string, unknown>;
  at: string;
}
