import type { Permission } from '@skald/domain';

/** Shapes of docs/API.md. Timestamps are ISO-8601 strings in UTC; ids are UUID v7 strings. */

export interface Page<T> {
  items: T[];
  total: number;
  from: number;
  itemsPerPage: number;
}

export interface GroupRef {
  id: string;
  name: string;
}

export type UserRole = 'superAdmin' | 'admin' | 'support';

export interface Roles {
  superAdmin: boolean;
  admin: boolean;
  tenantAdmin: boolean;
  support: boolean;
  specialAdmin: boolean;
}

export interface MeUser {
  id: string;
  email: string;
  name: string;
  language: string | null;
  groups: GroupRef[];
  permissions: Permission[];
  roles: UserRole[];
  active: boolean;
  hidden: boolean;
  external: boolean;
  mfaEnabled: boolean;
}

export interface Tenant {
  id: string;
  name: string;
  slug: string;
  timezone: string;
  mfaEnforced: boolean;
  /** Refused for uploads on top of the whitelist (spec §3 tenant config). */
  forbiddenExtensions: string[];
}

export interface Me {
  user: MeUser;
  tenant: Tenant;
  /** Effective: own ∪ groups', implications expanded, role grants applied (computed by the server). */
  permissions: Permission[];
  roles: Roles;
  /** The tenant enforces MFA and this user has not enrolled yet. */
  mfaSetupRequired: boolean;
}

export interface User {
  id: string;
  email: string;
  name: string;
  groups: GroupRef[];
  permissions: Permission[];
  effectivePermissions: Permission[];
  roles: string[];
  active: boolean;
  hidden: boolean;
  external: boolean;
  mfaEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface Group {
  id: string;
  name: string;
  permissions: Permission[];
  isOrganisation: boolean;
  memberCount: number;
}

export interface ApiKey {
  id: string;
  label: string;
  identifier: string;
  status: 'active' | 'inactive';
  expiresAt: string | null;
  maxInactiveDays: number | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface TenantMatch {
  slug: string;
  name: string;
}

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}
