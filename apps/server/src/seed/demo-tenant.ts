import type { Permission, Role } from '@skald/domain';
import type { Services } from '../services.ts';
import { provisionTenant } from '../modules/tenants/tenant-provisioning.ts';
import { provisioningIdentity } from '../identity/identity.ts';

export const DEMO_PASSWORD = 'skald-demo';
export const DEMO_TENANT = { name: 'Demo Newsroom', slug: 'demo' } as const;

interface DemoUser {
  email: string;
  name: string;
  roles: Role[];
  group: string;
}

const GROUPS: Record<string, Permission[]> = {
  Administrators: [
    'item.create',
    'item.delete',
    'item.version',
    'item.promote',
    'general.apiKeys',
    'general.getGroups',
    'userManagement.tenantInfo',
    'userManagement.enforceMfa',
  ],
  Editors: [
    'item.create',
    'item.delete',
    'item.version',
    'item.promote',
    'general.apiKeys',
    'general.getGroups',
    'share.shareMedia',
  ],
  Viewers: [],
};

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', name: 'Ada Admin', roles: ['admin'], group: 'Administrators' },
  { email: 'editor@demo.test', name: 'Erik Editor', roles: [], group: 'Editors' },
  { email: 'viewer@demo.test', name: 'Vera Viewer', roles: [], group: 'Viewers' },
];

/** Where the demo's media goes; the tenant starts with these folders under its root. */
export const DEMO_FOLDERS = ['News', 'Sport', 'Archive'] as const;

/** A filter in the navigation of everyone who uses bookmarks, so the feature shows from the start. */
export const DEMO_FILTER = {
  title: 'Videos',
  kind: 'search',
  target: '/?type=video',
  icon: 'video',
} as const;

/** What the seed writes through: the services an administrator would use, and the tenants it counts. */
export type SeedDeps = Pick<
  Services,
  | 'db'
  | 'tenantsRepository'
  | 'groupsRepository'
  | 'groupsService'
  | 'foldersService'
  | 'usersService'
  | 'bookmarksService'
>;

/** Seeds the demo tenant, once and only into an empty database. Answers whether it did. */
export async function seedDemoTenant(s: SeedDeps): Promise<boolean> {
  if ((await s.tenantsRepository.count()) > 0) return false;
  const tenant = await provisionTenant(s.db, DEMO_TENANT);
  const orgGroup = await s.groupsRepository.byId(tenant.id, tenant.organisation_group_id);
  if (!orgGroup) throw new Error('organisation group missing after provisioning');
  const seeder = provisioningIdentity(tenant, orgGroup);
  const groupIds = new Map<string, string>();
  for (const [name, permissions] of Object.entries(GROUPS)) {
    groupIds.set(name, (await s.groupsService.create(seeder, { name, permissions })).id);
  }
  const root = await s.foldersService.rootRow(tenant.id, seeder.user.id);
  for (const name of DEMO_FOLDERS) await s.foldersService.create(seeder, { name, parentId: root.id });
  for (const u of DEMO_USERS) {
    await s.usersService.create(seeder, {
      email: u.email,
      name: u.name,
      password: DEMO_PASSWORD,
      roles: u.roles,
      groupIds: [groupIds.get(u.group) ?? ''],
    });
  }
  await s.bookmarksService.create(seeder, {
    ...DEMO_FILTER,
    scope: 'system',
    visibility: { level: 'everyone', groupIds: [] },
  });
  return true;
}
