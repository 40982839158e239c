import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Access, AccessKind } from '@skald/domain';

export interface AccessGroups {
  visibleTo: string[];
  updatableBy: string[];
}

const none = (): AccessGroups => ({ visibleTo: [], updatableBy: [] });

/** The group lists of 'selected_groups' access, for items and folders alike. */
export class AccessRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  async groupsOf(tenantId: string, subjectIds: readonly string[]): Promise<Map<string, AccessGroups>> {
    const result = new Map<string, AccessGroups>(subjectIds.map((id) => [id, none()]));
    if (subjectIds.length === 0) return result;
    const rows = await this.#db
      .selectFrom('access_groups')
      .select(['subject_id', 'kind', 'group_id'])
      .where('tenant_id', '=', tenantId)
      .where('subject_id', 'in', subjectIds)
      .orderBy('group_id')
      .execute();
    for (const row of rows) result.get(row.subject_id)?.[row.kind].push(row.group_id);
    return result;
  }

  /** Replaces one list of a subject inside the caller's transaction. */
  async replace(
    trx: Transaction<Database>,
    tenantId: string,
    subjectId: string,
    kind: AccessKind,
    access: Access | null,
  ): Promise<void> {
    await trx
      .deleteFrom('access_groups')
      .where('tenant_id', '=', tenantId)
      .where('subject_id', '=', subjectId)
      .where('kind', '=', kind)
      .execute();
    const groups = access?.level === 'selected_groups' ? access.groups : [];
    if (groups.length === 0) return;
    await trx
      .insertInto('access_groups')
      .values(groups.map((group_id) => ({ tenant_id: tenantId, subject_id: subjectId, kind, group_id })))
      .execute();
  }

  /** Writes the lists present in `changes`; absent kinds stay as they are. */
  async apply(
    trx: Transaction<Database>,
    tenantId: string,
    subjectId: string,
    changes: Partial<Record<AccessKind, Access | null>>,
  ): Promise<void> {
    for (const kind of ['visibleTo', 'updatableBy'] as const) {
      if (kind in changes) await this.replace(trx, tenantId, subjectId, kind, changes[kind] ?? null);
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
