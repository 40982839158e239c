import { isTenantAdmin, type Principal } from '../permissions/roles.ts';
import type { MetadataForm } from './types.ts';
import type { FieldReader } from './values.ts';

/** Spec §3 form visibility: everyone, hidden (only the tenant's administrators, who edit forms), or selected groups. */
export function canSeeForm(p: Principal, form: Pick<MetadataForm, 'visibleTo'>): boolean {
  if (isTenantAdmin(p)) return true;
  const { level, groupIds } = form.visibleTo;
  if (level === 'everyone') return true;
  return level === 'selected_groups' && groupIds.some((g) => p.groupIds.includes(g));
}

/** The principal as field permissions see it: tenant administrators read and write every field. */
export function fieldReaderOf(p: Principal): FieldReader {
  return { groupIds: p.groupIds, admin: isTenantAdmin(p) };
}
