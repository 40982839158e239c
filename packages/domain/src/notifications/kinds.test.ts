import { describe, expect, it } from 'vitest';
import { notificationLink } from './kinds.ts';

describe('notificationLink', () => {
  it('opens the item on the comments tab at the comment’s time', () => {
    expect(notificationLink('assigned', { itemId: 'i1', commentId: 'c1', startMs: 5000 })).toBe(
      '/item-details/i1?tab=comments&comment=c1&t=5',
    );
    expect(notificationLink('jobFinished', { itemId: 'i1' })).toBe('/item-details/i1');
    expect(notificationLink('shareOpened', { shareId: 's1' })).toBe('/share');
  });
});
