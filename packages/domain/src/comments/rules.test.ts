import { describe, expect, it } from 'vitest';
import { makePrincipal, OTHER, USER } from '../test-support/principals.ts';
import {
  anchorRefusal,
  canChangeCommentStatus,
  canDeleteComment,
  canEditComment,
  canListAllTasks,
  canReadComments,
  canWriteComments,
  commentTaskStatus,
} from './rules.ts';

const none = { startMs: null, endMs: null, region: null };

describe('comment permissions (spec §6)', () => {
  it('commentRead implies write, status and deleting one’s own, not others’', () => {
    const p = makePrincipal({ permissions: ['item.commentRead'] });
    expect([canReadComments(p), canWriteComments(p), canChangeCommentStatus(p)]).toEqual([true, true, true]);
    expect(canDeleteComment(p, { authorId: USER })).toBe(true);
    expect(canDeleteComment(p, { authorId: OTHER })).toBe(false);
  });

  it('each permission alone gives only itself', () => {
    const write = makePrincipal({ permissions: ['item.commentWrite'] });
    expect([canReadComments(write), canWriteComments(write), canChangeCommentStatus(write)]).toEqual([
      false,
      true,
      false,
    ]);
    expect(canDeleteComment(write, { authorId: USER })).toBe(false);
    const others = makePrincipal({ permissions: ['item.commentDeleteOthers'] });
    expect(canDeleteComment(others, { authorId: OTHER })).toBe(true);
    expect(canDeleteComment(others, { authorId: null })).toBe(true);
  });

  it('only the author edits, with commentWrite', () => {
    const p = makePrincipal({ permissions: ['item.commentWrite', 'item.commentDeleteOthers'] });
    expect(canEditComment(p, { authorId: USER })).toBe(true);
    expect(canEditComment(p, { authorId: OTHER })).toBe(false);
    expect(canEditComment(makePrincipal(), { authorId: USER })).toBe(false);
  });

  it('task.listAll shows the tasks of others; administrators have every permission', () => {
    expect(canListAllTasks(makePrincipal())).toBe(false);
    expect(canListAllTasks(makePrincipal({ permissions: ['task.listAll'] }))).toBe(true);
    expect(canListAllTasks(makePrincipal({ roles: ['superAdmin'] }))).toBe(true);
  });
});

describe('anchorRefusal', () => {
  it.each([
    ['video', { ...none, startMs: 5000 }, null],
    ['audio', { ...none, startMs: 0, endMs: 1000 }, null],
    ['image', none, null],
    ['image', { ...none, startMs: 5000 }, { field: 'startMs', message: 'commentTimeOnMedia' }],
    ['video', { ...none, startMs: 5000, endMs: 5000 }, { field: 'endMs', message: 'commentEndBeforeStart' }],
    ['video', { ...none, endMs: 5000 }, { field: 'endMs', message: 'commentEndBeforeStart' }],
    [
      'video',
      { ...none, region: { x: 0, y: 0, width: 0.5, height: 0.5 } },
      { field: 'region', message: 'commentRegionOnPicture' },
    ],
    ['image', { ...none, region: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 } }, null],
    [
      'image',
      { ...none, region: { x: 0.6, y: 0, width: 0.5, height: 0.5 } },
      { field: 'region', message: 'commentRegionOutside' },
    ],
  ] as const)('%s %j → %j', (type, anchor, expected) => {
    expect(anchorRefusal(type, anchor)).toEqual(expected);
  });
});

describe('commentTaskStatus (spec §4)', () => {
  const open = { resolved: false, itemDeleted: false, hasAssignee: true, assigneeReplied: false };
  it.each([
    [open, 'pending'],
    [{ ...open, assigneeReplied: true }, 'inProgress'],
    [{ ...open, resolved: true, assigneeReplied: true }, 'done'],
    [{ ...open, itemDeleted: true }, 'cancelled'],
    [{ ...open, hasAssignee: false }, 'queued'],
  ] as const)('%j → %s', (facts, status) => {
    expect(commentTaskStatus(facts)).toBe(status);
  });
});
