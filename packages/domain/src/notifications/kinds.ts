/**
 * Spec §3 account notifications, one kind per event (issue 13 §3): assigned to you, a reply, a
 * mention, a job finished or failed; your share was opened and files arrived through your upload
 * request come with shares.
 */
export const NOTIFICATION_KINDS = [
  'assigned',
  'reply',
  'mention',
  'jobFinished',
  'jobFailed',
  'shareOpened',
  'uploadReceived',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** E-mail per kind is on unless the user turned it off. */
export const DEFAULT_MAIL_SETTING = true;

export const NOTIFICATION_LIMITS = {
  /** Notifications on one page of the centre. */
  pageMax: 100,
  /** Ids marked read in one call. */
  readMax: 500,
  /** Characters of a comment quoted in a notification. */
  excerptMax: 200,
} as const;

/** The words of a notification: what happened, to what, by whom. */
export interface NotificationPayload {
  itemId?: string | undefined;
  itemTitle?: string | undefined;
  commentId?: string | undefined;
  /** Where the comment is pinned, to open the item there. */
  startMs?: number | null | undefined;
  actorName?: string | undefined;
  excerpt?: string | undefined;
  shareId?: string | undefined;
}

/** The item page on the comments tab, at the comment, with the media at its time. */
export function commentLink(itemId: string, commentId?: string, startMs?: number | null): string {
  // Ids and a number only: nothing to escape.
  const params: string[] = [];
  if (commentId) params.push('tab=comments', `comment=${commentId}`);
  if (startMs !== null && startMs !== undefined) params.push(`t=${startMs / 1000}`);
  return `/item-details/${itemId}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

/** The page a notification opens: the item (at the comment's time), or My shares. */
export function notificationLink(kind: NotificationKind, p: NotificationPayload): string {
  if (kind === 'shareOpened' || kind === 'uploadReceived') return '/share';
  if (!p.itemId) return '/userTasks';
  return commentLink(p.itemId, p.commentId, p.startMs);
}
