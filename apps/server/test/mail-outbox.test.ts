import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { freePort } from './support/net.ts';
import { startSmtpServer, waitFor } from './support/smtp.ts';
import { retryDelayMs } from '../src/modules/mail/mailer.ts';
import { newId } from '../src/lib/ids.ts';

let t: TestApp;
beforeAll(async () => {
  // A port nothing listens on: SMTP is "down".
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
});
afterAll(async () => t.close());

describe('the mail outbox', () => {
  it('keeps a mail while SMTP is down, records the failure and schedules a retry', async () => {
    const to = `down-${Date.now()}@example.test`;
    // Enqueueing starts a dispatch pass at once; wait for it.
    await t.services.mailer.enqueue({ tenantId: null, to, subject: 'Hello', text: 'Body' });
    await t.services.mailer.idle();
    const [row] = await t.services.outboxRepository.byRecipient(to);
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    expect(row?.last_error).toBeTruthy();
    expect(Date.parse(row?.next_attempt_at ?? '')).toBeGreaterThan(Date.now());
  });

  it('tries every mail due in one pass, beyond one batch of 20', async () => {
    const to = `burst-${Date.now()}@example.test`;
    await Promise.all(
      Array.from({ length: 45 }, (_, n) =>
        t.services.outboxRepository.insert({
          id: newId(),
          tenant_id: null,
          to_address: to,
          subject: `Burst ${n}`,
          text_body: 'Body',
          next_attempt_at: new Date(Date.now() - 1000).toISOString(),
          sent_at: null,
          last_error: null,
          created_at: new Date().toISOString(),
        }),
      ),
    );
    await t.services.mailer.dispatchDue();
    const rows = await t.services.outboxRepository.byRecipient(to);
    expect(rows.map((row) => row.attempts)).toEqual(Array.from({ length: 45 }, () => 1));
  });

  it('delivers what it kept once SMTP is back', async () => {
    const smtp = await startSmtpServer();
    const later = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const to = `later-${Date.now()}@example.test`;
      // Written while no server could take it: the row waits in the outbox, due now.
      await later.services.outboxRepository.insert({
        // A fresh id: the run's PostgreSQL database outlives one run.
        id: newId(),
        tenant_id: null,
        to_address: to,
        subject: 'Kept',
        text_body: 'Kept while SMTP was down',
        next_attempt_at: new Date(Date.now() - 1000).toISOString(),
        sent_at: null,
        last_error: 'connect ECONNREFUSED',
        created_at: new Date().toISOString(),
      });
      await later.services.mailer.dispatchDue();
      const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes(to)));
      expect(mail.raw).toContain('Kept while SMTP was down');
      expect((await later.services.outboxRepository.byRecipient(to))[0]?.sent_at).toBeTruthy();
    } finally {
      await later.close();
      await smtp.close();
    }
  });

  it.each([
    [1, 10_000],
    [2, 20_000],
    [5, 160_000],
    [20, 3_600_000],
  ])('waits longer after each failure (attempt %i → %i ms), capped at an hour', (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});
