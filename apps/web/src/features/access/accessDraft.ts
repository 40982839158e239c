import type { Access, AccessLevel } from '@skald/domain';

/** What the access form edits: a level, and the groups when the level is selected groups. */
export interface AccessDraft {
  level: AccessLevel;
  groups: string[];
}

/** No restriction (null) reads as the whole tenant. */
export function draftOf(access: Access | null): AccessDraft {
  if (!access) return { level: 'tenant', groups: [] };
  return { level: access.level, groups: access.level === 'selected_groups' ? [...access.groups] : [] };
}

/** What is sent: the tenant level as no restriction, groups only with selected groups. */
export function accessOf(draft: AccessDraft): Access | null {
  if (draft.level === 'tenant') return null;
  return { level: draft.level, groups: draft.level === 'selected_groups' ? [...new Set(draft.groups)] : [] };
}

/** Selected groups without a group is refused by the server; the form says so before sending. */
export function isIncomplete(draft: AccessDraft): boolean {
  return draft.level === 'selected_groups' && draft.groups.length === 0;
}
