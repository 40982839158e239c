import { PERMISSION_CATALOGUE, impliedBy, type Permission } from '@skald/domain';

export interface CatalogueEntry {
  permission: Permission;
  group: string;
  name: string;
  /** The spec's default for a new user (§6). */
  byDefault: boolean;
}

export interface CatalogueGroup {
  group: string;
  entries: CatalogueEntry[];
}

/** The domain's permission catalogue as ordered groups of entries, for the editor and lists. */
export function catalogueGroups(): CatalogueGroup[] {
  return Object.entries(PERMISSION_CATALOGUE).map(([group, names]) => ({
    group,
    entries: Object.entries(names as Record<string, boolean>).map(([name, byDefault]) => ({
      permission: `${group}.${name}` as Permission,
      group,
      name,
      byDefault,
    })),
  }));
}

/**
 * The permissions the chosen ones bring along (domain implication rules, transitively), excluding
 * those chosen explicitly: the editor marks these as "implied".
 */
export function impliedPermissions(chosen: Iterable<Permission>): Set<Permission> {
  const explicit = new Set(chosen);
  const implied = new Set<Permission>();
  for (const permission of explicit) {
    for (const consequence of impliedBy(permission)) {
      if (!explicit.has(consequence)) implied.add(consequence);
    }
  }
  return implied;
}

/** Splits dotted permissions ('item.create') into their groups, keeping the catalogue's order. */
export function groupPermissions(permissions: Iterable<string>): { group: string; names: string[] }[] {
  const byGroup = new Map<string, string[]>();
  for (const permission of permissions) {
    const dot = permission.indexOf('.');
    const group = dot === -1 ? '' : permission.slice(0, dot);
    const name = dot === -1 ? permission : permission.slice(dot + 1);
    byGroup.set(group, [...(byGroup.get(group) ?? []), name]);
  }
  const order = Object.keys(PERMISSION_CATALOGUE);
  const rank = (group: string) => {
    const index = order.indexOf(group);
    return index === -1 ? order.length : index;
  };
  return [...byGroup.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([group, names]) => ({ group, names }));
}
