import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { parseEmailList, validateShare, type ShareDraft } from './validation.ts';

const now = new Date('2026-11-25T12:00:00Z');
const limits = { maxValidDays: 10, maxViews: 5 };
const draft = (patch: Partial<ShareDraft> = {}): ShareDraft => ({
  title: 'Rushes',
  passwordOn: false,
  password: null,
  hasStoredPassword: false,
  expiresAt: '2026-11-26T12:00:00Z',
  maxUses: 2,
  download: 'proxy',
  emails: [],
  pendingInvite: '',
  message: '',
  ...patch,
});
const fields = (d: ShareDraft) => validateShare(d, limits, now).map((e) => `${e.field}: ${e.message}`);

describe('validateShare', () => {
  it('accepts a share within the limits', () => {
    expect(fields(draft())).toEqual([]);
  });

  it.each([
    [{ passwordOn: true }, `password: ${MESSAGES.sharePasswordRequired}`],
    [{ passwordOn: true, password: 'short' }, `password: ${MESSAGES.sharePasswordRequired}`],
    [{ passwordOn: true, password: '      ' }, `password: ${MESSAGES.sharePasswordRequired}`],
    [{ pendingInvite: 'a@b.no' }, `emails: ${MESSAGES.sharePendingInvites}`],
    [{ message: 'Hi' }, `message: ${MESSAGES.shareEmailsForCustomMessage}`],
    [{ emails: ['not-an-address'] }, `emails: ${MESSAGES.invalidEmail}`],
    [{ expiresAt: 'never' }, `expiresAt: ${MESSAGES.selectDate}`],
    [{ expiresAt: '2026-11-25T11:00:00Z' }, `expiresAt: ${MESSAGES.selectFutureDate}`],
    [{ expiresAt: '2026-12-05T12:00:01Z' }, 'expiresAt: The expiry date may be at most 10 days away'],
    [{ maxUses: 6 }, 'maxUses: Views must be between 1 and 5'],
    [{ maxUses: 0 }, 'maxUses: Views must be between 1 and 5'],
    [{ title: '  ' }, 'title: Page title is required'],
  ])('refuses %o', (patch, error) => {
    expect(fields(draft(patch))).toEqual([error]);
  });

  it('keeps a stored password when the option stays on and none is typed', () => {
    expect(fields(draft({ passwordOn: true, hasStoredPassword: true }))).toEqual([]);
    expect(fields(draft({ passwordOn: true, password: 'secret1' }))).toEqual([]);
  });

  it('takes a custom message with e-mails, and the limits at their edge', () => {
    expect(
      fields(draft({ emails: ['a@b.no'], message: 'Hi', maxUses: 5, expiresAt: '2026-12-05T12:00:00Z' })),
    ).toEqual([]);
  });
});

describe('parseEmailList', () => {
  it('splits on space, comma and semicolon, lower-cases and drops repeats', () => {
    expect(parseEmailList('A@b.no, c@d.fr;a@b.no  e@f.com;;x')).toEqual({
      emails: ['a@b.no', 'c@d.fr', 'e@f.com'],
      invalid: ['x'],
    });
  });
});
