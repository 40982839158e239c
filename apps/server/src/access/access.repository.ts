import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { Database } from '../db/schema.ts';
import type { Access, AccessKind } from '@skald/domain';

export interface AccessGroups {
  visibleTo: string[];
  updatableBy: string[];
}

const none = (): AccessGroups => ({ visibleTo: [], updatableBy: [] });

/** The rows whose access lives in access_groups. */
export type AccessSubjectTable = 'items' | 'folders';

/** The `visible_groups` copy of a subject's visibleTo groups (schema.ts, VisibleGroupsColumn). */
export function visibleGroupsColumn(groups: readonly string[]): string {
  return groups.length === 0 ? '' : ` ${[...groups].sort().join(' ')} `;
}

/** The group lists of 'selected_groups' access, for items and folders alike. */
export class AccessRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async groupsOf(
    tenantId: string,
    subjectIds: readonly string[],
    on: Executor = this.#db,
  ): Promise<Map<string, AccessGroups>> {
    const result = new Map<string, AccessGroups>(subjectIds.map((id) => [id, none()]));
    if (subjectIds.length === 0) return result;
    const rows = await on
      .selectFrom('access_groups')
      .select(['subject_id', 'kind', 'group_id'])
      .where('tenant_id', '=', tenantId)
      .where('subject_id', 'in', subjectIds)
      .orderBy('group_id')
      .execute();
    for (const row of rows) result.get(row.subject_id)?.[row.kind].push(row.group_id);
    return result;
  }

  /** Replaces one list of a subject (and the visibleTo copy on its row) inside the caller's transaction. */
  async replace(
    trx: Transaction<Database>,
    subject: { table: AccessSubjectTable; tenantId: string; id: string },
    kind: AccessKind,
    access: Access | null,
  ): Promise<void> {
    const { tenantId, id: subjectId } = subject;
    const groups = access?.level === 'selected_groups' ? access.groups : [];
    if (kind === 'visibleTo') {
      await trx
        .updateTable(subject.table)
        .set({ visible_groups: visibleGroupsColumn(groups) })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', subjectId)
        .execute();
    }
    await trx
      .deleteFrom('access_groups')
      .where('tenant_id', '=', tenantId)
      .where('subject_id', '=', subjectId)
      .where('kind', '=', kind)
      .execute();
    if (groups.length === 0) return;
    await trx
      .insertInto('access_groups')
      .values(groups.map((group_id) => ({ tenant_id: tenantId, subject_id: subjectId, kind, group_id })))
      .execute();
  }

  /** Writes the lists present in `changes`; absent kinds stay as they are. */
  async apply(
    trx: Transaction<Database>,
    subject: { table: AccessSubjectTable; tenantId: string; id: string },
    changes: Partial<Record<AccessKind, Access | null>>,
  ): Promise<void> {
    for (const kind of ['visibleTo', 'updatableBy'] as const) {
      if (kind in changes) await this.replace(trx, subject, kind, changes[kind] ?? null);
    }
  }

  async deleteSubjects(
    trx: Transaction<Database>,
    tenantId: string,
    subjectIds: readonly string[],
  ): Promise<void> {
    if (subjectIds.length === 0) return;
    await trx
      .deleteFrom('access_groups')
      .where('tenant_id', '=', tenantId)
      .where('subject_id', 'in', subjectIds)
      .execute();
  }
}
