import { COMMENT_LIMITS, MESSAGES, TASK_STATUSES } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { pageSchema } from '../../lib/paging.ts';
import { idParams, taskCountsSchema } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import type { CommentsService } from './comments.service.ts';

const tags = ['comments'];
// Spec §6: item.commentRead reads, commentWrite writes and edits one's own, commentStatus resolves,
// reopens and assigns; deleting asks commentDeleteOwn or commentDeleteOthers per comment (service).
const read = {
  access: { permission: 'item.commentRead', message: MESSAGES.noCommentReadPermission },
} as const;
const write = {
  access: { permission: 'item.commentWrite', message: MESSAGES.noCommentWritePermission },
} as const;
const status = {
  access: { permission: 'item.commentStatus', message: MESSAGES.noCommentStatusPermission },
} as const;

const userRef = z.object({ id: z.string(), name: z.string() });
// Milliseconds into the media, up to a week.
const millis = z
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 3_600_000);
const fraction = z.number().min(0).max(1);
const regionSchema = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .meta({ id: 'CommentRegion' });

const replySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  parentId: z.string().nullable(),
  author: userRef.nullable(),
  text: z.string(),
  startMs: z.number().nullable(),
  endMs: z.number().nullable(),
  region: regionSchema.nullable(),
  assignee: userRef.nullable(),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: userRef.nullable(),
  edited: z.boolean(),
  editedAt: z.string().nullable(),
  createdAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
const commentSchema = replySchema.extend({ replies: z.array(replySchema) }).meta({ id: 'Comment' });

const text = userText({ max: COMMENT_LIMITS.textMax, multiline: true });
const anchor = {
  startMs: millis.nullable().optional(),
  endMs: millis.nullable().optional(),
  region: regionSchema.nullable().optional(),
};

export const taskSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['comment']),
    status: z.enum(TASK_STATUSES),
    text: z.string(),
    item: z.object({ id: z.string(), title: z.string(), itemType: z.string() }),
    assignee: userRef.nullable(),
    author: userRef.nullable(),
    startMs: z.number().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Task' });

const commentHitSchema = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    text: z.string(),
    author: userRef.nullable(),
    item: z.object({ id: z.string(), title: z.string(), itemType: z.string() }),
    startMs: z.number().nullable(),
    resolved: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'CommentHit' });

const pagingOf = (max: number) => ({
  from: z.coerce.number().int().min(0).max(100_000).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(max).default(Math.min(50, max)),
});

export function registerCommentRoutes(app: App, s: { comments: CommentsService }): void {
  app.get(
    '/api/v1/items/:id/comments',
    {
      config: read,
      schema: {
        tags,
        summary:
          'An item’s comments, oldest first, each with its replies (state=unresolved|resolved narrows)',
        params: idParams,
        querystring: z.object({
          ...pagingOf(COMMENT_LIMITS.pageMax),
          state: z.enum(['all', 'unresolved', 'resolved']).default('all'),
        }),
        response: { 200: pageSchema(commentSchema) },
      },
    },
    (request) => {
      const { state, ...q } = request.query;
      const resolved = state === 'all' ? undefined : state === 'resolved';
      return s.comments.list(authOf(request), request.params.id, resolved, q);
    },
  );

  app.post(
    '/api/v1/items/:id/comments',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Comment on an item, or reply (parentId), pinned to a time range (video, audio) or a region (pictures); ' +
          'assigneeId (item.commentStatus) assigns it; @name mentions notify that user',
        params: idParams,
        body: z.object({
          text,
          parentId: z.uuid().optional(),
          assigneeId: z.uuid().nullable().optional(),
          ...anchor,
        }),
        response: { 201: commentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.comments.create(authOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/v1/comments/search',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Comments and replies whose text holds q (case and accents ignored) on live items the caller can see, ' +
          'newest first; each opens its item at the comment’s time',
        querystring: z.object({
          q: z.string().trim().min(2).max(200),
          ...pagingOf(50),
        }),
        response: { 200: pageSchema(commentHitSchema) },
      },
    },
    (request) => {
      const { q, ...paging } = request.query;
      return s.comments.search(authOf(request), q, paging);
    },
  );

  app.get(
    '/api/v1/comments/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A comment with its replies (a reply’s id gives its comment)',
        params: idParams,
        response: { 200: commentSchema },
      },
    },
    (request) => s.comments.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/comments/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'The author edits the text (marked edited) or where the comment is pinned',
        params: idParams,
        body: z.object({ text: text.optional(), ...anchor }),
        response: { 200: commentSchema },
      },
    },
    (request) => s.comments.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/comments/:id',
    {
      // The permission depends on whose comment it is (commentDeleteOwn or commentDeleteOthers).
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete a comment (and its replies): one’s own, or anyone’s with item.commentDeleteOthers',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.comments.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  for (const [action, resolved] of [
    ['resolve', true],
    ['reopen', false],
  ] as const) {
    app.post(
      `/api/v1/comments/:id/${action}`,
      {
        config: status,
        schema: {
          tags,
          summary: resolved ? 'Resolve a comment' : 'Reopen a resolved comment',
          params: idParams,
          response: { 200: commentSchema },
        },
      },
      (request) => s.comments.setResolved(authOf(request), request.params.id, resolved),
    );
  }

  app.put(
    '/api/v1/comments/:id/assignee',
    {
      config: status,
      schema: {
        tags,
        summary: 'Assign a comment to a user of the tenant (who is notified), or unassign it (userId null)',
        params: idParams,
        body: z.object({ userId: z.uuid().nullable() }),
        response: { 200: commentSchema },
      },
    },
    (request) => s.comments.assign(authOf(request), request.params.id, request.body.userId),
  );

  app.get(
    '/api/v1/tasks',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tasks'],
        summary:
          'My tasks: the comments assigned to the caller (scope=all: to anyone, with task.listAll), newest first, ' +
          'with the count of each status',
        querystring: z.object({
          ...pagingOf(100),
          scope: z.enum(['mine', 'all']).default('mine'),
          status: z.enum(TASK_STATUSES).optional(),
        }),
        response: { 200: pageSchema(taskSchema).extend({ counts: taskCountsSchema }) },
      },
    },
    (request) => {
      const { scope, status: wanted, ...q } = request.query;
      return s.comments.tasks(authOf(request), { scope, status: wanted }, q);
    },
  );
}
