import { DEFAULT_PERMISSIONS, type Permission, type Role } from '@skald/domain';
import type { Config } from '../config.ts';
import type { DemoOffer, DemoPart } from '../modules/tenants/demo-offer.ts';
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
  /** What the sign-in page's hint calls them. */
  part: DemoPart;
}

/**
 * The spec's default-true permissions that change something: the organisation group carries them
 * (every user has them) on a new tenant; the demo gives them to its Editors and Administrators only,
 * so a viewer views. What stays with everyone: reading, downloading, history, comments, the screens.
 */
export const DEMO_EDITING: readonly Permission[] = [
  'general.setVisibleToSelf',
  'analytics.translation',
  'analytics.sceneDetection',
  'item.recoverDeleted',
  'item.update',
  'item.updateMetadata',
  'item.updateTranscript',
  'item.createVersionRegardlessOfUpdateControl',
  'item.sendToStorage',
  'item.chooseUploadLocation',
  'item.move',
  'person.create',
  'person.delete',
  'person.update',
  'person.merge',
  'folder.create',
  'folder.delete',
  'folder.update',
];

const EDITOR_PERMISSIONS: readonly Permission[] = [
  'item.create',
  // The newsroom's daily cutting (item.create brings the cutter itself).
  'analytics.subclip',
  'item.createVirtualClip',
  'item.delete',
  'item.version',
  'item.promote',
  // Placeholders filled later, crops and marker downloads (issue 15).
  'item.createPlaceholder',
  'item.copyMedia',
  'item.downloadMarkers',
  'general.apiKeys',
  'general.getGroups',
  'share.shareMedia',
  ...DEMO_EDITING,
];

const GROUPS: Record<string, readonly Permission[]> = {
  Administrators: [
    ...EDITOR_PERMISSIONS.filter((p) => p !== 'share.shareMedia'),
    'userManagement.tenantInfo',
    'userManagement.enforceMfa',
  ],
  Editors: EDITOR_PERMISSIONS,
  Viewers: [],
};

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', name: 'Ada Admin', roles: ['admin'], group: 'Administrators', part: 'admin' },
  { email: 'editor@demo.test', name: 'Erik Editor', roles: [], group: 'Editors', part: 'editor' },
  { email: 'viewer@demo.test', name: 'Vera Viewer', roles: [], group: 'Viewers', part: 'viewer' },
];

/** Whether this server seeds the demo tenant (into an empty database) and offers it on the sign-in page. */
export function demoOffered(config: Pick<Config, 'SEED_DEMO' | 'NODE_ENV'>): boolean {
  return config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && config.NODE_ENV !== 'production');
}

/** The sign-in page's hint: the organisation, its users and what each may do, and the password. */
export const DEMO_OFFER: DemoOffer = {
  slug: DEMO_TENANT.slug,
  password: DEMO_PASSWORD,
  users: DEMO_USERS.map(({ email, name, part }) => ({ email, name, part })),
};

/** Where the demo's media goes; the tenant starts with these folders under its root. */
export const DEMO_FOLDERS = ['News', 'Sport', 'Archive'] as const;
export type DemoFolder = (typeof DEMO_FOLDERS)[number];

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

/** The seeded tenant: who owns the demo library and where its folders are. */
export interface DemoSeed {
  tenantId: string;
  /** The administrator, who owns the library. */
  ownerId: string;
  folderIds: Record<DemoFolder, string>;
}

/** Seeds the demo tenant, once and only into an empty database. Answers what it made, if it did. */
export async function seedDemoTenant(s: SeedDeps): Promise<DemoSeed | undefined> {
  if ((await s.tenantsRepository.count()) > 0) return undefined;
  const tenant = await provisionTenant(s.db, DEMO_TENANT);
  const orgGroup = await s.groupsRepository.byId(tenant.id, tenant.organisation_group_id);
  if (!orgGroup) throw new Error('organisation group missing after provisioning');
  const seeder = provisioningIdentity(tenant, orgGroup);
  // Everyone keeps the spec's defaults that only read; changing things is the Editors' part.
  await s.groupsService.update(seeder, orgGroup.id, {
    permissions: DEFAULT_PERMISSIONS.filter((p) => !DEMO_EDITING.includes(p)),
  });
  const groupIds = new Map<string, string>();
  for (const [name, permissions] of Object.entries(GROUPS)) {
    groupIds.set(name, (await s.groupsService.create(seeder, { name, permissions: [...permissions] })).id);
  }
  const root = await s.foldersService.rootRow(tenant.id, seeder.user.id);
  const folderIds = {} as Record<DemoFolder, string>;
  for (const name of DEMO_FOLDERS) {
    folderIds[name] = (await s.foldersService.create(seeder, { name, parentId: root.id })).id;
  }
  let ownerId = '';
  for (const u of DEMO_USERS) {
    const created = await s.usersService.create(seeder, {
      email: u.email,
      name: u.name,
      password: DEMO_PASSWORD,
      roles: u.roles,
      groupIds: [groupIds.get(u.group) ?? ''],
    });
    if (u.roles.includes('admin')) ownerId = created.id;
  }
  await s.bookmarksService.create(seeder, {
    ...DEMO_FILTER,
    scope: 'system',
    visibility: { level: 'everyone', groupIds: [] },
  });
  return { tenantId: tenant.id, ownerId, folderIds };
}
