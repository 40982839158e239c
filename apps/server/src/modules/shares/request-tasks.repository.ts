import {
  REQUEST_FACT_COMBINATIONS,
  requestTaskStatus,
  type RequestFacts,
  type TaskStatus,
} from '@skald/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { paged } from '../../db/paged.ts';
import type { Page, Paging } from '../../lib/paging.ts';

// The facts of spec §4's status of an upload request (domain requestTaskStatus), as SQL on `shares`
// and the uploads made through it; filtering and counting ask the domain which facts give a status.
const uploads = (state: RawBuilder<unknown>) =>
  sql`(select count(*) from share_uploads su join uploads u on u.id = su.upload_id
    where su.share_id = shares.id and ${state})`;
// PostgreSQL answers counts as strings (bigint); SQLite as numbers.
const flag = (fact: RawBuilder<unknown>) => sql<number | string>`case when ${fact} then 1 else 0 end`;
const FACT_COLUMNS = ['revoked', 'expired', 'started', 'arrived', 'full', 'failed'] as const;

export interface RequestTaskRow {
  id: string;
  title: string;
  owner_id: string | null;
  folder_id: string | null;
  max_uses: number;
  expires_at: string;
  created_at: string;
  received: number;
  facts: RequestFacts;
}

type Facts = Record<(typeof FACT_COLUMNS)[number], number | string>;
const factsOf = (row: Facts): RequestFacts => ({
  revoked: Number(row.revoked) === 1,
  expired: Number(row.expired) === 1,
  started: Number(row.started) === 1,
  arrived: Number(row.arrived) === 1,
  full: Number(row.full) === 1,
  failed: Number(row.failed) === 1,
});

/** Upload requests as My tasks lists them: one owner's or the tenant's, with what their status is made of. */
export class RequestTasksRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  #requests(tenantId: string, ownerId: string | undefined, now: string) {
    let base = this.#db
      .selectFrom('shares')
      .where('shares.tenant_id', '=', tenantId)
      .where('shares.kind', '=', 'uploadRequest');
    if (ownerId !== undefined) base = base.where('shares.owner_id', '=', ownerId);
    const complete = uploads(sql`u.state = 'complete'`);
    return this.#db.selectFrom(
      base
        .select(['id', 'title', 'owner_id', 'folder_id', 'max_uses', 'expires_at', 'created_at'])
        .select([
          sql<number | string>`${complete}`.as('received'),
          flag(sql`shares.revoked_at is not null`).as('revoked'),
          flag(sql`shares.expires_at <= ${now}`).as('expired'),
          flag(sql`exists (select 1 from share_uploads s2 where s2.share_id = shares.id)`).as('started'),
          flag(sql`${complete} > 0`).as('arrived'),
          flag(sql`${complete} >= shares.max_uses`).as('full'),
          flag(sql`${uploads(sql`u.state in ('failed', 'rejected')`)} > 0`).as('failed'),
        ])
        .as('r'),
    );
  }

  /** The requests (of one owner, or all), newest first; of one status when given. */
  async list(
    tenantId: string,
    o: { ownerId: string | undefined; status: TaskStatus | undefined; now: string },
    q: Paging,
  ): Promise<Page<RequestTaskRow>> {
    let base = this.#requests(tenantId, o.ownerId, o.now);
    const { status } = o;
    if (status !== undefined) {
      const matching = REQUEST_FACT_COMBINATIONS.filter((f) => requestTaskStatus(f) === status);
      base = base.where((eb) =>
        eb.or(
          matching.map((f) =>
            eb.and(FACT_COLUMNS.map((c) => sql<SqlBool>`${sql.ref(`r.${c}`)} = ${f[c] ? 1 : 0}`)),
          ),
        ),
      );
    }
    const page = await paged(
      base,
      (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      q,
    );
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        title: row.title,
        owner_id: row.owner_id,
        folder_id: row.folder_id,
        max_uses: row.max_uses,
        expires_at: row.expires_at,
        created_at: row.created_at,
        received: Number(row.received),
        facts: factsOf(row),
      })),
    };
  }

  /** How many of these requests have each status. */
  async counts(
    tenantId: string,
    ownerId: string | undefined,
    now: string,
  ): Promise<Record<TaskStatus, number>> {
    const rows = await this.#requests(tenantId, ownerId, now)
      .select([...FACT_COLUMNS, (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy([...FACT_COLUMNS])
      .execute();
    const counts: Record<TaskStatus, number> = {
      pending: 0,
      queued: 0,
      inProgress: 0,
      done: 0,
      cancelled: 0,
      error: 0,
    };
    for (const row of rows) counts[requestTaskStatus(factsOf(row))] += Number(row.n);
    return counts;
  }
}
