import {
  MESSAGES,
  NOTIFICATION_LIMITS,
  anchorRefusal,
  canChangeCommentStatus,
  canDeleteComment,
  canEditComment,
  canListAllTasks,
  commentTaskStatus,
  mentionCandidates,
  resolveMentions,
  type CommentAnchor,
  type CommentRegion,
  type ItemType,
  type NotificationKind,
  type TaskStatus,
  type UserRef,
} from '@skald/domain';
import { visibleTo } from '../../access/visibility-filter.ts';
import type { ItemRow } from '../../db/rows.ts';
import type { Identity } from '../../identity/identity.ts';
import type { IdentityLoader } from '../../identity/identity.loader.ts';
import { newId } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { badField, forbidden, notFound } from '../../plugins/errors.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { CommentRow, CommentsRepository, TaskRow } from './comments.repository.ts';

export interface CommentDto {
  id: string;
  itemId: string;
  parentId: string | null;
  author: UserRef | null;
  text: string;
  startMs: number | null;
  endMs: number | null;
  region: CommentRegion | null;
  assignee: UserRef | null;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedBy: UserRef | null;
  edited: boolean;
  editedAt: string | null;
  createdAt: string;
  canEdit: boolean;
  canDelete: boolean;
  replies: CommentDto[];
}

export interface TaskDto {
  id: string;
  kind: 'comment';
  status: TaskStatus;
  text: string;
  item: { id: string; title: string; itemType: string };
  assignee: UserRef | null;
  author: UserRef | null;
  startMs: number | null;
  createdAt: string;
}

/** A comment search's hit: the comment (or reply) and where it opens. */
export interface CommentHitDto {
  id: string;
  parentId: string | null;
  text: string;
  author: UserRef | null;
  item: { id: string; title: string; itemType: string };
  /** The comment's time, or for a reply its comment's: where the item opens. */
  startMs: number | null;
  resolved: boolean;
  createdAt: string;
}

export interface CommentInput extends Partial<CommentAnchor> {
  text: string;
  parentId?: string | undefined;
  assigneeId?: string | null | undefined;
}

export type CommentPatch = Partial<CommentAnchor> & { text?: string | undefined };

interface Deps {
  comments: CommentsRepository;
  items: Pick<ItemsService, 'visible'>;
  /** The identities of the people a comment concerns, to ask whether they may see its item. */
  identities: Pick<IdentityLoader, 'load'>;
  users: Pick<UserDirectory, 'byId' | 'names' | 'activeByFoldedNames'>;
  notifications: Pick<NotificationsService, 'notify'>;
  log: Logger;
}

const commentNotFound = () => notFound('Comment not found');
const excerpt = (text: string) =>
  text.length > NOTIFICATION_LIMITS.excerptMax
    ? `${text.slice(0, NOTIFICATION_LIMITS.excerptMax - 1)}…`
    : text;

/**
 * Spec §3/§4/§6 comments: on items the caller can see, with replies one level deep, pinned to a
 * time range or a picture's region; resolve, reopen, assign; @mentions; and the assigned ones as
 * My tasks. Everyone concerned hears of it through the notifications service.
 */
export class CommentsService {
  readonly #d: Deps;
  constructor(deps: Deps) {
    this.#d = deps;
  }

  async list(
    caller: Identity,
    itemId: string,
    resolved: boolean | undefined,
    q: Paging,
  ): Promise<Page<CommentDto>> {
    const { item } = await this.#d.items.visible(caller, itemId, { deleted: true });
    const tenantId = caller.tenant.id;
    const page = await this.#d.comments.ofItem(tenantId, item.id, resolved, q);
    const replies = await this.#d.comments.repliesOf(
      tenantId,
      page.items.map((c) => c.id),
    );
    const names = await this.#names(tenantId, [...page.items, ...replies]);
    const byParent = Map.groupBy(replies, (r) => r.parent_id ?? '');
    return {
      ...page,
      items: page.items.map((row) => this.#present(caller, row, names, byParent.get(row.id) ?? [])),
    };
  }

  async get(caller: Identity, id: string): Promise<CommentDto> {
    const { row } = await this.#visible(caller, id);
    const root = row.parent_id === null ? row : await this.#d.comments.byId(caller.tenant.id, row.parent_id);
    if (!root) throw commentNotFound();
    const replies = await this.#d.comments.repliesOf(caller.tenant.id, [root.id]);
    const names = await this.#names(caller.tenant.id, [root, ...replies]);
    return this.#present(caller, root, names, replies);
  }

  async create(caller: Identity, itemId: string, input: CommentInput): Promise<CommentDto> {
    const { item } = await this.#d.items.visible(caller, itemId);
    const tenantId = caller.tenant.id;
    let parent: CommentRow | undefined;
    if (input.parentId !== undefined) {
      parent = await this.#d.comments.byId(tenantId, input.parentId);
      if (parent?.item_id !== item.id) throw badField('parentId', 'Comment not found');
      if (parent.parent_id !== null) throw badField('parentId', MESSAGES.commentReplyNested);
    }
    const anchor = this.#anchor(item, input, parent);
    if (input.assigneeId) {
      if (parent) throw badField('assigneeId', MESSAGES.commentReplyStatus);
      if (!canChangeCommentStatus(caller.principal)) throw forbidden(MESSAGES.noCommentStatusPermission);
      await this.#assignable(tenantId, input.assigneeId, item);
    }
    const at = nowIso();
    const row: CommentRow = {
      id: newId(),
      tenant_id: tenantId,
      item_id: item.id,
      parent_id: parent?.id ?? null,
      author_id: caller.user.id,
      text: input.text,
      start_ms: anchor.startMs,
      end_ms: anchor.endMs,
      region: anchor.region ? JSON.stringify(anchor.region) : null,
      assignee_id: input.assigneeId ?? null,
      resolved_at: null,
      resolved_by: null,
      edited_at: null,
      created_at: at,
      updated_at: at,
    };
    await this.#d.comments.insert(row);
    const told = new Set([caller.user.id]);
    if (row.assignee_id) await this.#tell(caller, item, row, 'assigned', [row.assignee_id], told);
    if (parent) {
      await this.#tell(caller, item, row, 'reply', [parent.author_id, parent.assignee_id], told, parent);
    }
    await this.#tell(caller, item, row, 'mention', await this.#mentioned(tenantId, row.text), told, parent);
    return this.get(caller, row.id);
  }

  /** The author changes their text (marked edited) or where the comment is pinned. */
  async update(caller: Identity, id: string, patch: CommentPatch): Promise<CommentDto> {
    const { row, item } = await this.#visible(caller, id, { live: true });
    if (!canEditComment(caller.principal, { authorId: row.author_id })) {
      throw forbidden(MESSAGES.noCommentEditPermission);
    }
    const current: CommentAnchor = { startMs: row.start_ms, endMs: row.end_ms, region: regionOf(row) };
    const anchor = this.#anchor(item, { ...current, ...patch }, undefined);
    const at = nowIso();
    const textChanged = patch.text !== undefined && patch.text !== row.text;
    await this.#d.comments.update(caller.tenant.id, id, {
      text: patch.text ?? row.text,
      start_ms: anchor.startMs,
      end_ms: anchor.endMs,
      region: anchor.region ? JSON.stringify(anchor.region) : null,
      ...(textChanged ? { edited_at: at } : {}),
      updated_at: at,
    });
    if (textChanged) {
      const before = new Set(await this.#mentioned(caller.tenant.id, row.text));
      const added = (await this.#mentioned(caller.tenant.id, patch.text ?? '')).filter((u) => !before.has(u));
      const updated = { ...row, text: patch.text ?? row.text };
      await this.#tell(caller, item, updated, 'mention', added, new Set([caller.user.id]));
    }
    return this.get(caller, id);
  }

  async delete(caller: Identity, id: string): Promise<void> {
    const { row } = await this.#visible(caller, id);
    if (!canDeleteComment(caller.principal, { authorId: row.author_id })) {
      throw forbidden(MESSAGES.noCommentDeletePermission);
    }
    await this.#d.comments.delete(caller.tenant.id, id);
  }

  /** Spec §4: Resolve (resolved true) and Reopen (false). */
  async setResolved(caller: Identity, id: string, resolved: boolean): Promise<CommentDto> {
    const { row } = await this.#statusChange(caller, id);
    if ((row.resolved_at !== null) !== resolved) {
      const at = nowIso();
      await this.#d.comments.update(caller.tenant.id, id, {
        resolved_at: resolved ? at : null,
        resolved_by: resolved ? caller.user.id : null,
        updated_at: at,
      });
    }
    return this.get(caller, id);
  }

  /** Spec §4: assign a user of the tenant (who hears of it), or unassign (null). */
  async assign(caller: Identity, id: string, userId: string | null): Promise<CommentDto> {
    const { row, item } = await this.#statusChange(caller, id);
    if (userId !== null) await this.#assignable(caller.tenant.id, userId, item);
    if (row.assignee_id !== userId) {
      await this.#d.comments.update(caller.tenant.id, id, { assignee_id: userId, updated_at: nowIso() });
      if (userId !== null) {
        await this.#tell(caller, item, row, 'assigned', [userId], new Set([caller.user.id]));
      }
    }
    return this.get(caller, id);
  }

  /** My tasks: comments assigned to the caller, or (task.listAll) to anyone, on items they can see. */
  async tasks(
    caller: Identity,
    o: { scope: 'mine' | 'all'; status: TaskStatus | undefined },
    q: Paging,
  ): Promise<Page<TaskDto> & { counts: Record<TaskStatus, number> }> {
    if (o.scope === 'all' && !canListAllTasks(caller.principal)) {
      throw forbidden(MESSAGES.noTaskListAllPermission);
    }
    const tenantId = caller.tenant.id;
    const filter = {
      assigneeId: o.scope === 'mine' ? caller.user.id : undefined,
      visible: visibleTo(caller.principal, 'items'),
    };
    const [page, counts] = await Promise.all([
      this.#d.comments.tasks(tenantId, { ...filter, status: o.status }, q),
      this.#d.comments.taskCounts(tenantId, filter),
    ]);
    const names = await this.#names(tenantId, page.items);
    return { ...page, items: page.items.map((row) => presentTask(row, names)), counts };
  }

  /** Comments and replies whose text holds `text` (case and accents ignored), on live items the caller can see. */
  async search(caller: Identity, text: string, q: Paging): Promise<Page<CommentHitDto>> {
    const tenantId = caller.tenant.id;
    const page = await this.#d.comments.search(tenantId, text, visibleTo(caller.principal, 'items'), q);
    const names = await this.#names(tenantId, page.items);
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        text: row.text,
        author: refOf(row.author_id, names),
        item: { id: row.item_id, title: row.item_title, itemType: row.item_type },
        startMs: row.thread_start_ms,
        resolved: row.resolved_at !== null,
        createdAt: row.created_at,
      })),
    };
  }

  /** A comment on an item the caller can see (404 otherwise); `live`: not in the recycle bin. */
  async #visible(
    caller: Identity,
    id: string,
    options: { live?: boolean } = {},
  ): Promise<{ row: CommentRow; item: ItemRow }> {
    const row = await this.#d.comments.byId(caller.tenant.id, id);
    if (!row) throw commentNotFound();
    try {
      const { item } = await this.#d.items.visible(caller, row.item_id, { deleted: options.live !== true });
      return { row, item };
    } catch {
      throw commentNotFound();
    }
  }

  async #statusChange(caller: Identity, id: string) {
    const found = await this.#visible(caller, id, { live: true });
    if (!canChangeCommentStatus(caller.principal)) throw forbidden(MESSAGES.noCommentStatusPermission);
    if (found.row.parent_id !== null) throw badField('id', MESSAGES.commentReplyStatus);
    return found;
  }

  /** An active user of the tenant who can see the item (else 400 on userId). */
  async #assignable(tenantId: string, userId: string, item: ItemRow): Promise<void> {
    const user = await this.#d.users.byId(tenantId, userId);
    if (user?.active !== 1) throw badField('userId', MESSAGES.commentAssigneeUnknown);
    if (!(await this.#maySee(tenantId, userId, item)))
      throw badField('userId', MESSAGES.commentAssigneeCannotSee);
  }

  /** Whether the user may see the item, by the same rule as their own requests (ItemsService.visible). */
  async #maySee(tenantId: string, userId: string, item: ItemRow): Promise<boolean> {
    const identity = await this.#d.identities.load(tenantId, userId);
    if (!identity) return false;
    try {
      await this.#d.items.visible(identity, item.id);
      return true;
    } catch {
      return false;
    }
  }

  /** The anchor checked against the item; a reply takes its comment's time (it answers it there). */
  #anchor(item: ItemRow, input: Partial<CommentAnchor>, parent: CommentRow | undefined): CommentAnchor {
    if (parent) return { startMs: parent.start_ms, endMs: parent.end_ms, region: regionOf(parent) };
    const anchor: CommentAnchor = {
      startMs: input.startMs ?? null,
      endMs: input.endMs ?? null,
      region: input.region ?? null,
    };
    const refusal = anchorRefusal(item.item_type as ItemType, anchor);
    if (refusal) throw badField(refusal.field, MESSAGES[refusal.message]);
    return anchor;
  }

  /** The active users an '@name' in the text names (a name that several users share names nobody). */
  async #mentioned(tenantId: string, text: string): Promise<string[]> {
    const candidates = mentionCandidates(text).flat();
    const users = await this.#d.users.activeByFoldedNames(tenantId, candidates);
    const counts = new Map<string, number>();
    for (const u of users) counts.set(u.name_folded, (counts.get(u.name_folded) ?? 0) + 1);
    const byName = new Map(
      users.filter((u) => counts.get(u.name_folded) === 1).map((u) => [u.name_folded, u.id]),
    );
    return resolveMentions(text, byName);
  }

  /**
   * Notifies each of `userIds` not told yet in this action who may see the item (the actor is told
   * nothing): a notification quotes the item's title and the comment.
   */
  async #tell(
    caller: Identity,
    item: ItemRow,
    row: CommentRow,
    kind: NotificationKind,
    userIds: readonly (string | null)[],
    told: Set<string>,
    parent?: CommentRow,
  ): Promise<void> {
    for (const userId of userIds) {
      if (userId === null || told.has(userId)) continue;
      told.add(userId);
      try {
        if (!(await this.#maySee(caller.tenant.id, userId, item))) continue;
        await this.#d.notifications.notify(caller.tenant.id, userId, kind, {
          itemId: item.id,
          itemTitle: item.title,
          commentId: row.id,
          startMs: (parent ?? row).start_ms,
          actorName: caller.user.name,
          excerpt: excerpt(row.text),
        });
      } catch (err) {
        // The comment stands; a failed notification is logged, not the caller's error.
        this.#d.log.error({ err, kind }, 'notification failed');
      }
    }
  }

  async #names(tenantId: string, rows: readonly CommentRow[]): Promise<Map<string, string>> {
    const ids = rows.flatMap((r) => [r.author_id, r.assignee_id, r.resolved_by]).filter((id) => id !== null);
    return this.#d.users.names(tenantId, ids);
  }

  #present(
    caller: Identity,
    row: CommentRow,
    names: Map<string, string>,
    replies: readonly CommentRow[],
  ): CommentDto {
    return {
      id: row.id,
      itemId: row.item_id,
      parentId: row.parent_id,
      author: refOf(row.author_id, names),
      text: row.text,
      startMs: row.start_ms,
      endMs: row.end_ms,
      region: regionOf(row),
      assignee: refOf(row.assignee_id, names),
      resolved: row.resolved_at !== null,
      resolvedAt: row.resolved_at,
      resolvedBy: refOf(row.resolved_by, names),
      edited: row.edited_at !== null,
      editedAt: row.edited_at,
      createdAt: row.created_at,
      canEdit: canEditComment(caller.principal, { authorId: row.author_id }),
      canDelete: canDeleteComment(caller.principal, { authorId: row.author_id }),
      replies: replies.map((r) => this.#present(caller, r, names, [])),
    };
  }
}

const regionOf = (row: CommentRow): CommentRegion | null =>
  row.region === null ? null : (JSON.parse(row.region) as CommentRegion);

const refOf = (id: string | null, names: Map<string, string>): UserRef | null =>
  id === null ? null : { id, name: names.get(id) ?? '' };

function presentTask(row: TaskRow, names: Map<string, string>): TaskDto {
  return {
    id: row.id,
    kind: 'comment',
    status: commentTaskStatus({
      resolved: row.resolved_at !== null,
      itemDeleted: row.item_deleted === 1,
      hasAssignee: row.assignee_id !== null,
      assigneeReplied: row.replied === 1,
    }),
    text: row.text,
    item: { id: row.item_id, title: row.item_title, itemType: row.item_type },
    assignee: refOf(row.assignee_id, names),
    author: refOf(row.author_id, names),
    startMs: row.start_ms,
    createdAt: row.created_at,
  };
}
