import { isPermission, ROLES } from '@skald/domain';
import { z } from 'zod';

export const permissionListSchema = z
  .array(z.string().refine(isPermission, { message: 'unknown permission' }))
  .max(500)
  .transform((list) => [...new Set(list)].sort());

export const roleListSchema = z.array(z.enum(ROLES)).transform((list) => [...new Set(list)]);
