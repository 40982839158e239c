import { MESSAGES } from '../messages.ts';
import { ACCESS_LEVELS, type AccessKind, type AccessLevel, type AccessResult } from './types.ts';

const badMessage: Readonly<Record<AccessKind, string>> = {
  visibleTo: MESSAGES.badVisibleTo,
  updatableBy: MESSAGES.badUpdatableBy,
};

function isLevel(value: unknown): value is AccessLevel {
  return ACCESS_LEVELS.some((level) => level === value);
}

function isGroupId(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Reads an access object from untrusted input. `null` is "no restriction"; anything else must be
 * `{ level, groups? }`. Absent groups read as none. Groups of the tenant and owner levels mean
 * nothing and are dropped, so stored rows never carry a list that no rule reads.
 */
export function parseAccess(kind: AccessKind, value: unknown): AccessResult {
  if (value === null) return { ok: true, access: null };
  const bad = { ok: false, message: badMessage[kind] } as const;
  if (typeof value !== 'object' || Array.isArray(value)) return bad;
  const { level, groups = [] } = value as { level?: unknown; groups?: unknown };
  if (!isLevel(level)) return bad;
  if (!Array.isArray(groups) || !groups.every(isGroupId)) return bad;
  if (level !== 'selected_groups') return { ok: true, access: { level, groups: [] } };
  if (groups.length === 0) return bad;
  return { ok: true, access: { level, groups: [...new Set(groups)] } };
}
