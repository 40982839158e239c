import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TranscriptRevisionsTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

type TranscriptRevisionRow = Selectable<TranscriptRevisionsTable>;
export type NewRevision = Pick<
  TranscriptRevisionRow,
  'tenant_id' | 'item_id' | 'source' | 'language' | 'provider' | 'segments' | 'created_by'
>;

/** Revisions listed at most (newest first). */
const LIST_MAX = 200;
const ATTEMPTS = 5;

/** Every revision of each item's transcript (transcript_revisions); the highest is the current one. */
export class TranscriptRevisionsRepository {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Stores the next revision; answers its number (two writers at once: the later takes the next). */
  async add(values: NewRevision): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const top = await this.#db
        .selectFrom('transcript_revisions')
        .select((eb) => eb.fn.max('revision').as('top'))
        .where('tenant_id', '=', values.tenant_id)
        .where('item_id', '=', values.item_id)
        .executeTakeFirst();
      const revision = (top?.top ?? 0) + 1;
      try {
        await this.#db
          .insertInto('transcript_revisions')
          .values({ ...values, id: newId(), revision, created_at: nowIso() })
          .execute();
        return revision;
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= ATTEMPTS) throw err;
      }
    }
  }

  #described(tenantId: string, itemId: string) {
    return this.#db
      .selectFrom('transcript_revisions')
      .leftJoin('users', 'users.id', 'transcript_revisions.created_by')
      .select([
        'transcript_revisions.revision',
        'transcript_revisions.source',
        'transcript_revisions.language',
        'transcript_revisions.provider',
        'transcript_revisions.created_at',
        'users.name as created_by_name',
      ])
      .where('transcript_revisions.tenant_id', '=', tenantId)
      .where('transcript_revisions.item_id', '=', itemId);
  }

  /** The item's revisions without their text, newest first. */
  async list(tenantId: string, itemId: string) {
    return this.#described(tenantId, itemId)
      .orderBy('transcript_revisions.revision', 'desc')
      .limit(LIST_MAX)
      .execute();
  }

  /** One revision with its text. */
  async get(tenantId: string, itemId: string, revision: number) {
    return this.#described(tenantId, itemId)
      .select('transcript_revisions.segments')
      .where('transcript_revisions.revision', '=', revision)
      .executeTakeFirst();
  }
}
