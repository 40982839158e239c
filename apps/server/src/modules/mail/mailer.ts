import type { Logger } from '../../lib/logger.ts';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from '../../lib/ids.ts';
import { addMs, HOUR, nowIso } from '../../lib/time.ts';
import type { OutboxRepository, OutboxRow } from './outbox.repository.ts';

export interface Mail {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Shown in the log when no SMTP server is configured, so a local demo can still reset passwords. */
  logUnsentBodies: boolean;
  pollIntervalMs?: number;
}

const LEASE_MS = 2 * 60_000;
const BATCH = 20;

/** Retry delay after the n-th failed attempt: 10 s, 20 s, 40 s … capped at one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(10_000 * 2 ** (attempts - 1), HOUR);

/**
 * Every mail goes through the outbox table first, so nothing is lost while SMTP is down; the
 * dispatcher sends what is due and reschedules failures with backoff.
 */
export class Mailer {
  readonly #outbox: OutboxRepository;
  readonly #options: MailerOptions;
  readonly #log: Logger;
  readonly #transport: Transporter | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(outbox: OutboxRepository, options: MailerOptions, log: Logger) {
    this.#outbox = outbox;
    this.#options = options;
    this.#log = log;
    this.#transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  async enqueue(mail: Mail): Promise<void> {
    const now = nowIso();
    await this.#outbox.insert({
      id: newId(),
      tenant_id: mail.tenantId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      next_attempt_at: now,
      sent_at: null,
      last_error: null,
      created_at: now,
    });
    if (!this.#transport) {
      this.#log.warn(
        { to: mail.to, subject: mail.subject, ...(this.#options.logUnsentBodies ? { body: mail.text } : {}) },
        'SMTP_URL is not set: the mail stays in the outbox',
      );
      return;
    }
    this.kick();
  }

  start(): void {
    if (!this.#transport || this.#timer) return;
    this.#timer = setInterval(() => {
      this.kick();
    }, this.#options.pollIntervalMs ?? 5_000);
    this.#timer.unref();
    this.kick();
  }

  /** Resolves when the dispatch pass in flight (if any) has finished. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.idle();
    this.#transport?.close();
  }

  /**
   * Runs a dispatch pass; kicked while one runs (which may have read the due mails already), it
   * runs another after it, so a mail queued meanwhile does not wait for the next poll.
   */
  kick(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.dispatchDue()
      .catch((err: unknown) => {
        this.#log.error({ err }, 'mail dispatch failed');
      })
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /**
   * Sends every mail due, a batch at a time, until a batch comes back short: a burst (invitations to
   * a whole team) goes out in one pass, not one batch a poll. Each mail read leaves the due set, sent,
   * leased or rescheduled, so the pass ends even while SMTP is down.
   */
  async dispatchDue(): Promise<void> {
    if (!this.#transport) return;
    for (;;) {
      const due = await this.#outbox.due(nowIso(), BATCH);
      for (const row of due) {
        if (await this.#outbox.claim(row, addMs(nowIso(), LEASE_MS))) await this.#send(this.#transport, row);
      }
      if (due.length < BATCH) return;
    }
  }

  async #send(transport: Transporter, row: OutboxRow): Promise<void> {
    try {
      await transport.sendMail({
        from: this.#options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
      });
      await this.#outbox.markSent(row.id, nowIso());
    } catch (err) {
      const attempts = row.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      this.#log.warn({ to: row.to_address, attempts, err: message }, 'mail not sent; will retry');
      await this.#outbox.markFailed(row.id, attempts, addMs(nowIso(), retryDelayMs(attempts)), message);
    }
  }
}
