import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './run.ts';

export interface ReceivedMail {
  /** The envelope recipients. */
  to: string[];
  subject: string;
  /** The body as the sender wrote it (quoted-printable decoded). */
  text: string;
  /** The message as received, RFC 822. */
  raw: string;
}

function parse(raw: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  // Unfold continued header lines before reading them.
  const headers = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const values = (name: string) =>
    headers
      .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      .map((line) => line.slice(name.length + 1).trim());
  const quotedPrintable = values('Content-Transfer-Encoding').some((v) => /quoted-printable/i.test(v));
  return {
    to: values('Delivered-To').map((address) => address.toLowerCase()),
    subject: values('Subject')[0] ?? '',
    text: quotedPrintable ? decodeQuotedPrintable(body) : body,
    raw,
  };
}

/** Soft line breaks go, `=XX` become their bytes (UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function mailsTo(address: string): ReceivedMail[] {
  const dir = mailDir();
  const wanted = address.toLowerCase();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parse(readFileSync(path.join(dir, name), 'utf8')))
    .filter((mail) => mail.to.includes(wanted));
}

/** How many messages have reached `to` so far; pass it to waitForMail to wait for the next one. */
export function mailCount(to: string): number {
  return mailsTo(to).length;
}

/**
 * The newest message to `to`, waiting up to `timeoutMs` for one to arrive — with `after`, for one
 * more than that many (see mailCount).
 */
export async function waitForMail(to: string, timeoutMs = 10_000, after = 0): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(to);
    const newest = mails.at(-1);
    if (newest && mails.length > after) return newest;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code of a password-reset mail. */
export function verificationCode(mail: ReceivedMail): string {
  const match = /verification code is: (\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no verification code in:\n${mail.text}`);
  return match[1];
}

/** The one-time `/sign-in-code?code=…` link of an invitation, whole. */
export function signInLink(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/sign-in-code\?code=\S+/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in:\n${mail.text}`);
  return match[0];
}
