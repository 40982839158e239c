// Not in the spec: the refusals of spec §6's comment and task permissions, which the spec names only.
export const COMMENT_MESSAGES = {
  noCommentReadPermission: 'You do not have permission to read comments',
  noCommentWritePermission: 'You do not have permission to write comments',
  noCommentStatusPermission: 'You do not have permission to resolve, reopen or assign comments',
  noCommentDeletePermission: 'You do not have permission to delete this comment',
  noCommentEditPermission: 'Only the author can edit a comment',
  noTaskListAllPermission: 'You do not have permission to see the tasks of others',
  commentReplyNested: 'A reply cannot be replied to; reply to the comment',
  commentReplyStatus: 'Only a comment, not a reply, is resolved, reopened or assigned',
  commentTimeOnMedia: 'Only video and audio comments can be pinned to a time',
  commentRegionOnPicture: 'Only picture comments can be pinned to a region',
  commentEndBeforeStart: 'The end must come after the start',
  commentRegionOutside: 'The region must lie within the picture',
  commentAssigneeUnknown: 'The assignee is not a user of this organisation',
  commentAssigneeCannotSee: 'The assignee cannot see this item',
} as const;
