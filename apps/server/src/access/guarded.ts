import type { Access, AccessLevel, Guarded } from '@skald/domain';
import type { AccessLevelColumn } from '../db/schema.ts';
import type { AccessGroups } from './access.repository.ts';

interface GuardedRow {
  owner_id: string;
  visible_level: AccessLevelColumn;
  updatable_level: AccessLevelColumn;
}

const toAccess = (level: AccessLevelColumn, groups: string[]): Access | null =>
  level === null ? null : { level: level as AccessLevel, groups: level === 'selected_groups' ? groups : [] };

/** A stored item or folder as the domain's access checks read it. */
export function guardedOf(row: GuardedRow, groups: AccessGroups | undefined): Guarded {
  return {
    ownerId: row.owner_id,
    visibleTo: toAccess(row.visible_level, groups?.visibleTo ?? []),
    updatableBy: toAccess(row.updatable_level, groups?.updatableBy ?? []),
  };
}
