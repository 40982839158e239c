import { MESSAGES, type MessageKey } from '../messages.ts';
import { latestExpiry } from './rules.ts';
import { SHARE_LIMITS, SHARE_QUALITIES, type ShareLimits, type ShareQuality } from './types.ts';

/** A share's settings as a form or a request states them, not yet checked. */
export interface ShareDraft {
  title: string;
  /** The password option (§5): when on, a valid password is required, or one already stored. */
  passwordOn: boolean;
  password: string | null;
  hasStoredPassword: boolean;
  expiresAt: string;
  maxUses: number;
  download: string | null;
  emails: readonly string[];
  /** Text still typed in the e-mail field, not yet added to the list (§5 pending invites). */
  pendingInvite: string;
  message: string;
}

export type ShareField = 'title' | 'password' | 'expiresAt' | 'maxUses' | 'download' | 'emails' | 'message';

export interface ShareFieldError {
  field: ShareField;
  /** The spec's message key (MESSAGES) or a key of SHARE_RULE_TEXTS, for a translation by key. */
  code: MessageKey | keyof typeof SHARE_RULE_TEXTS;
  message: string;
  params?: Record<string, number>;
}

/** The texts of the rules the spec does not word; the spec's own are in MESSAGES. */
export const SHARE_RULE_TEXTS = {
  titleRequired: 'Page title is required',
  titleTooLong: `Page title is at most ${SHARE_LIMITS.titleMaxLength} characters`,
  expiryTooLate: 'The expiry date may be at most {days} days away',
  maxUsesRange: 'Views must be between 1 and {max}',
  messageTooLong: `The message is at most ${SHARE_LIMITS.messageMaxLength} characters`,
  tooManyEmails: `At most ${SHARE_LIMITS.maxEmails} e-mail addresses`,
  unknownQuality: `Downloads must be one of ${SHARE_QUALITIES.join(', ')}`,
} as const;

// One @, something on both sides, a dot in the domain, no white space: what a mail server accepts.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5: e-mails are separated by space, comma or semicolon. */
export function parseEmailList(text: string): { emails: string[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    if (part.length > 254 || !EMAIL.test(part)) invalid.push(part);
    else if (!emails.includes(part.toLowerCase())) emails.push(part.toLowerCase());
  }
  return { emails, invalid };
}

export const isValidSharePassword = (password: string): boolean =>
  password.trim().length >= SHARE_LIMITS.passwordMinLength &&
  password.length <= SHARE_LIMITS.passwordMaxLength;

const fill = (text: string, params: Record<string, number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** §5 share rules and §3 tenant limits, each error naming its field. */
export function validateShare(draft: ShareDraft, limits: ShareLimits, now: Date): ShareFieldError[] {
  const errors: ShareFieldError[] = [];
  const spec = (field: ShareField, code: MessageKey) => errors.push({ field, code, message: MESSAGES[code] });
  const rule = (
    field: ShareField,
    code: keyof typeof SHARE_RULE_TEXTS,
    params: Record<string, number> = {},
  ) =>
    errors.push({
      field,
      code,
      message: fill(SHARE_RULE_TEXTS[code], params),
      ...(Object.keys(params).length > 0 ? { params } : {}),
    });
  const title = draft.title.trim();
  if (title === '') rule('title', 'titleRequired');
  else if (title.length > SHARE_LIMITS.titleMaxLength) rule('title', 'titleTooLong');
  if (draft.passwordOn) {
    const ok = draft.password === null ? draft.hasStoredPassword : isValidSharePassword(draft.password);
    if (!ok) spec('password', 'sharePasswordRequired');
  }
  const expires = Date.parse(draft.expiresAt);
  if (Number.isNaN(expires)) spec('expiresAt', 'selectDate');
  else if (expires <= now.getTime()) spec('expiresAt', 'selectFutureDate');
  else if (expires > latestExpiry(limits, now).getTime())
    rule('expiresAt', 'expiryTooLate', { days: limits.maxValidDays });
  if (!Number.isInteger(draft.maxUses) || draft.maxUses < 1 || draft.maxUses > limits.maxViews)
    rule('maxUses', 'maxUsesRange', { max: limits.maxViews });
  if (draft.download !== null && !(SHARE_QUALITIES as readonly string[]).includes(draft.download))
    rule('download', 'unknownQuality');
  if (draft.pendingInvite.trim() !== '') spec('emails', 'sharePendingInvites');
  else if (draft.emails.some((email) => parseEmailList(email).emails.length !== 1))
    spec('emails', 'invalidEmail');
  else if (draft.emails.length > SHARE_LIMITS.maxEmails) rule('emails', 'tooManyEmails');
  if (draft.message.trim() !== '' && draft.emails.length === 0)
    spec('message', 'shareEmailsForCustomMessage');
  else if (draft.message.length > SHARE_LIMITS.messageMaxLength) rule('message', 'messageTooLong');
  return errors;
}

export const isShareQuality = (value: string | null): value is ShareQuality =>
  value !== null && (SHARE_QUALITIES as readonly string[]).includes(value);
