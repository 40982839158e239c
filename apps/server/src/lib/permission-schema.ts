import { ALL_PERMISSIONS, isPermission, ROLES, type Permission } from '@skald/domain';
import { z } from 'zod';
import { parseStringList } from './json-list.ts';

export const permissionListSchema = z
  .array(z.string().refine(isPermission, { message: 'unknown permission' }))
  .max(500)
  .transform((list) => [...new Set(list)].sort());

/** A permission as answered: the server only grants those of the catalogue. */
export const permissionSchema = z
  .enum(ALL_PERMISSIONS as [Permission, ...Permission[]])
  .meta({ id: 'Permission' });

/** A stored permission list as answered: one dropped from the catalogue since is no longer granted. */
export const parsePermissionList = (value: string): Permission[] =>
  parseStringList(value).filter(isPermission);

export const roleListSchema = z.array(z.enum(ROLES)).transform((list) => [...new Set(list)]);
