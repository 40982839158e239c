import type { Generated } from 'kysely';

// Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text in both SQLite and
// PostgreSQL, so one set of repositories serves both engines (docs/decisions/0001).
export type Flag = 0 | 1;

export interface TenantsTable {
  id: string;
  name: string;
  name_folded: string;
  slug: string;
  timezone: string;
  organisation_group_id: string;
  is_admin_tenant: Flag;
  mfa_enforced: Flag;
  created_at: string;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  email: string;
  email_normalized: string;
  name: string;
  name_folded: string; // fold(name): diacritic- and case-insensitive search on both engines
  password_hash: string | null;
  permissions: string; // JSON array of permission strings
  roles: string; // JSON array of roles
  active: Flag;
  hidden: Flag;
  external: Flag;
  language: string | null;
  mfa_secret: string | null; // encrypted with SECRET_KEY
  mfa_enabled: Flag;
  mfa_last_step: number | null; // the last TOTP time step accepted: a code works once
  primary_group_id: string | null;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface GroupsTable {
  id: string;
  tenant_id: string;
  name: string;
  name_folded: string;
  permissions: string; // JSON array
  is_organisation: Flag;
  created_at: string;
}

export interface GroupMembersTable {
  tenant_id: string;
  group_id: string;
  user_id: string;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token; the token itself is never stored
  tenant_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export type CodePurpose = 'password_reset' | 'reset_token' | 'sign_in';

export interface OneTimeCodesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  user_id: string;
  label: string;
  identifier: string;
  secret_hash: string;
  active: Flag;
  expires_at: string | null;
  max_inactive_days: number | null;
  last_used_at: string | null;
  timer_reset_at: string; // the unused timer starts here; any update moves it
  created_at: string;
  updated_at: string;
}

export interface MailOutboxTable {
  id: string;
  tenant_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export type JobRowState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  tenant_id: string;
  type: string;
  payload: string; // JSON
  idempotency_key: string | null; // unique per (type, tenant_id)
  state: JobRowState;
  attempts: number; // runs started, a run lost to a crashed worker included
  max_attempts: number;
  run_at: string; // not claimed before this time (delay, retry backoff)
  lease_owner: string | null; // the worker instance that claimed the current run
  lease_expires_at: string | null; // past it, the run is presumed lost and the job is claimed again
  progress: number; // 0–100
  progress_message: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  api_keys: ApiKeysTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
}
