import type { Permission, Role } from '@skald/domain';
import type { TenantRow } from '../../src/db/rows.ts';
import { provisioningIdentity, type Identity } from '../../src/identity/identity.ts';
import { provisionTenant } from '../../src/modules/tenants/tenant-provisioning.ts';
import { randomToken } from '../../src/lib/tokens.ts';
import type { TestApp } from './app.ts';

export const PASSWORD = 'correct horse battery';

export interface TestTenant {
  tenant: TenantRow;
  /** A super admin identity of this tenant, for arranging data through the services. */
  root: Identity;
}

export async function makeTenant(t: TestApp, name = `Tenant ${randomToken(6)}`): Promise<TestTenant> {
  const tenant = await provisionTenant(t.services.db, {
    name,
    slug: `t-${randomToken(9)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`,
  });
  const org = await t.services.groupsRepository.byId(tenant.id, tenant.organisation_group_id);
  if (!org) throw new Error('no organisation group');
  const root = provisioningIdentity(tenant, org);
  return { tenant, root };
}

export interface UserOptions {
  permissions?: Permission[];
  roles?: Role[];
  groupIds?: string[];
  email?: string;
  name?: string;
  external?: boolean;
  /** The address the user signs in from (tests of per-address limits pick a fresh one). */
  signInFrom?: string;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

/** A user who has signed in: their session cookie is ready for requests. */
export async function makeUser(t: TestApp, tt: TestTenant, options: UserOptions = {}): Promise<TestUser> {
  const email = options.email ?? `u-${randomToken(6)}@example.test`;
  const user = await t.services.usersService.create(tt.root, {
    email,
    name: options.name ?? 'Test User',
    password: PASSWORD,
    permissions: options.permissions ?? [],
    roles: options.roles ?? [],
    groupIds: options.groupIds ?? [],
    external: options.external ?? false,
  });
  const cookie = await signIn(t, tt.tenant.slug, email, PASSWORD, options.signInFrom);
  return { id: user.id, email, cookie };
}

export async function signIn(
  t: TestApp,
  slug: string,
  email: string,
  password = PASSWORD,
  remoteAddress?: string,
): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/auth/login',
    body: { tenant: slug, email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === 'skald_session');
  if (!cookie) throw new Error('no session cookie');
  return `skald_session=${cookie.value}`;
}

export async function makeApiKey(
  t: TestApp,
  user: TestUser,
  body: object = {},
): Promise<{ id: string; secret: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/api-keys',
    cookie: user.cookie,
    body: { label: 'test key', expiresAt: null, maxInactiveDays: null, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`api key creation failed: ${res.statusCode} ${res.body}`);
  const json = res.json<{ apiKey: { id: string }; secret: string }>();
  return { id: json.apiKey.id, secret: json.secret };
}
