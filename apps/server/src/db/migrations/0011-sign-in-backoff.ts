import type { Kysely } from 'kysely';

// Consecutive failed guesses at an account's secrets (password, TOTP, reset code), so that every
// API process slows the same account down (docs/ARCHITECTURE.md, Sign-in). An account is the
// tenant and the SHA-256 of the typed e-mail address: unknown addresses are counted alike, and
// what strangers type is not stored as such.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addPrimaryKeyConstraint('sign_in_failures_pk', ['tenant_id', 'account'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_last')
    .on('sign_in_failures')
    .columns(['tenant_id', 'last_failure_at'])
    .execute();
}
