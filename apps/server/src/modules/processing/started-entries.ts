import type { Db } from '../../db/database.ts';

/** The history entries read to find a start. */
const STARTS_READ = 50;

/** A start as its history entry recorded it: when, by whom, and what it said. */
export interface RecordedStart<D> {
  at: string;
  actorId: string | null;
  details: D;
}

/**
 * The latest history entry `action` of the item whose details `matches` accepts: what a start wrote
 * before queueing its job, so a job never queued (the process died between) can be queued again at
 * start, keyed as the start keyed it (analysis-requeue.ts, placeholders.copy-requeue.ts).
 */
export async function latestStart<D>(
  db: Db,
  where: { tenantId: string; itemId: string; action: string },
  matches: (details: Partial<D>) => boolean = () => true,
): Promise<RecordedStart<Partial<D>> | undefined> {
  const starts = await db
    .selectFrom('item_history')
    .select(['details', 'created_at', 'actor_id'])
    .where('tenant_id', '=', where.tenantId)
    .where('item_id', '=', where.itemId)
    .where('action', '=', where.action)
    .orderBy('created_at', 'desc')
    .limit(STARTS_READ)
    .execute();
  return starts
    .map((s) => ({ at: s.created_at, actorId: s.actor_id, details: JSON.parse(s.details) as Partial<D> }))
    .find((s) => matches(s.details));
}
