import type { ItemType } from '../items/item-types.ts';
import { hasPermission, type Principal } from '../permissions/roles.ts';
import type { COMMENT_MESSAGES } from './messages.ts';
import type { CommentAnchor, TaskStatus } from './types.ts';

// Spec §6: item.commentRead implies commentWrite, commentStatus and commentDeleteOwn
// (expandPermissions), so each check below asks for its own permission only.

export const canReadComments = (p: Principal): boolean => hasPermission(p, 'item.commentRead');
export const canWriteComments = (p: Principal): boolean => hasPermission(p, 'item.commentWrite');
/** Resolve, reopen, assign and unassign (spec §4). */
export const canChangeCommentStatus = (p: Principal): boolean => hasPermission(p, 'item.commentStatus');
/** Spec §6 task.listAll: the tasks of others in My tasks. */
export const canListAllTasks = (p: Principal): boolean => hasPermission(p, 'task.listAll');

interface Authored {
  authorId: string | null;
}

/** The author edits their own text, with commentWrite; nobody edits another's words. */
export const canEditComment = (p: Principal, c: Authored): boolean =>
  c.authorId === p.userId && canWriteComments(p);

/** One's own with item.commentDeleteOwn, anyone's with item.commentDeleteOthers. */
export function canDeleteComment(p: Principal, c: Authored): boolean {
  if (c.authorId === p.userId && hasPermission(p, 'item.commentDeleteOwn')) return true;
  return hasPermission(p, 'item.commentDeleteOthers');
}

type AnchorRefusal = Extract<
  keyof typeof COMMENT_MESSAGES,
  'commentTimeOnMedia' | 'commentRegionOnPicture' | 'commentEndBeforeStart' | 'commentRegionOutside'
>;

const TIMED_TYPES: ReadonlySet<ItemType> = new Set(['video', 'audio', 'live']);

/**
 * What is wrong with pinning a comment there, with the field it concerns, or null: a time (and an
 * end after it) on video and audio, a region within the picture on images.
 */
export function anchorRefusal(
  itemType: ItemType,
  a: CommentAnchor,
): { field: 'startMs' | 'endMs' | 'region'; message: AnchorRefusal } | null {
  if (a.startMs === null && a.endMs !== null) return { field: 'endMs', message: 'commentEndBeforeStart' };
  if (a.startMs !== null && !TIMED_TYPES.has(itemType))
    return { field: 'startMs', message: 'commentTimeOnMedia' };
  if (a.startMs !== null && a.endMs !== null && a.endMs <= a.startMs) {
    return { field: 'endMs', message: 'commentEndBeforeStart' };
  }
  if (a.region === null) return null;
  if (itemType !== 'image') return { field: 'region', message: 'commentRegionOnPicture' };
  const { x, y, width, height } = a.region;
  const inside = x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= 1 && y + height <= 1;
  return inside ? null : { field: 'region', message: 'commentRegionOutside' };
}

export interface TaskFacts {
  resolved: boolean;
  /** The item went to the recycle bin: the task is called off. */
  itemDeleted: boolean;
  hasAssignee: boolean;
  /** The assignee has replied: they are on it. */
  assigneeReplied: boolean;
}

/**
 * Spec §4's statuses for an assigned comment: Done when resolved, Cancelled when its item was
 * deleted, Queued while nobody is assigned, In progress once the assignee has replied, else Pending.
 * Error is for requests (a share's upload that failed), never a comment.
 */
export function commentTaskStatus(f: TaskFacts): TaskStatus {
  if (f.resolved) return 'done';
  if (f.itemDeleted) return 'cancelled';
  if (!f.hasAssignee) return 'queued';
  return f.assigneeReplied ? 'inProgress' : 'pending';
}
