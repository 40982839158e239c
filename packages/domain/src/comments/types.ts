/** Spec §3 Comment: text, assignee, resolved or unresolved, replies, edited marker. */
export const COMMENT_LIMITS = {
  /** Characters of a comment's text. */
  textMax: 5000,
  /** Comments (with their replies) on one page of an item's list. */
  pageMax: 100,
  /** Replies shown under one comment; beyond them the list says how many more there are. */
  repliesMax: 200,
  /** Distinct @mentions resolved in one comment. */
  mentionsMax: 10,
  /** Words of a name after '@' (names like "Anne Marie de la Rue"). */
  mentionWordsMax: 5,
} as const;

/** A part of a picture, as fractions of its width and height (0–1), so it holds at any size. */
export interface CommentRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a comment is pinned: a time or time range of the media (ms), or a region of a picture. */
export interface CommentAnchor {
  startMs: number | null;
  endMs: number | null;
  region: CommentRegion | null;
}

/** Spec §4 "Task or request statuses". */
export const TASK_STATUSES = ['pending', 'queued', 'inProgress', 'done', 'cancelled', 'error'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
