import type { TenantRow, UserRow } from '../../db/rows.ts';
import type { Mail } from './mailer.ts';

// Mails are English for now; they move to the recipient's language with the notifications issue.
export function passwordResetMail(tenant: TenantRow, user: UserRow, code: string): Mail {
  return {
    tenantId: tenant.id,
    to: user.email,
    subject: `Your Skald verification code: ${code}`,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone asked to reset the password of your account in ${tenant.name}.`,
      `Your verification code is: ${code}`,
      '',
      'It is valid for 15 minutes. If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}

export function signInLinkMail(tenant: TenantRow, user: UserRow, link: string): Mail {
  return {
    tenantId: tenant.id,
    to: user.email,
    subject: `You are invited to ${tenant.name} on Skald`,
    text: [
      `Hello ${user.name},`,
      '',
      `You have an account in ${tenant.name} on Skald. Sign in with this one-time link:`,
      link,
      '',
      'The link works once and expires in 7 days. Set a password under Change password after signing in.',
    ].join('\n'),
  };
}
