import { isPermission, type Permission } from './catalogue.ts';

/** Spec §6 "Implications": holding the key brings every listed permission with it. */
export const IMPLICATIONS: Readonly<Partial<Record<Permission, readonly Permission[]>>> = Object.freeze({
  'item.create': [
    'item.upload',
    'item.exportSequence',
    'item.dependenciesOnExportSequence',
    'general.mimirCutter',
  ],
  'item.commentRead': ['item.commentWrite', 'item.commentStatus', 'item.commentDeleteOwn'],
  'item.update': ['item.updateTranscript', 'item.updateMetadata', 'share.requestUpload'],
  'item.upload': ['share.requestUpload'],
  'general.getGroups': ['general.bookmarks', 'general.setVisibleToGroups'],
  'item.createCloudLive': ['item.createCloudLiveInExistingPlaceholder'],
});

/**
 * The transitive closure, so `item.create` also brings `share.requestUpload` through `item.upload`.
 * Unknown strings are dropped rather than rejected: stored grants may outlive a renamed permission.
 */
export function expandPermissions(perms: Iterable<string>): Set<Permission> {
  const closure = new Set<Permission>();
  const pending: Permission[] = [];
  for (const value of perms) {
    if (isPermission(value)) pending.push(value);
  }
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (closure.has(next)) continue;
    closure.add(next);
    pending.push(...(IMPLICATIONS[next] ?? []));
  }
  return closure;
}

/** What `p` brings with it besides itself, sorted, for showing granted-by-implication boxes. */
export function impliedBy(p: Permission): Permission[] {
  const closure = expandPermissions([p]);
  closure.delete(p);
  return [...closure].sort();
}
