import { TASK_STATUSES } from '@skald/domain';
import { z } from 'zod';
import { userText } from './user-text.ts';

export const idParams = z.object({ id: z.uuid() });
export const emailSchema = z.email().max(254);
export const passwordSchema = z.string().min(8, 'must be at least 8 characters').max(256);
export const nameSchema = userText({ max: 200 });
/** A code from an authenticator app or an e-mail. */
export const sixDigitCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be 6 digits');
export const tenantSlugSchema = z.string().trim().toLowerCase().min(1).max(64);

/** How many tasks (comments or requests) have each spec §4 status: My tasks' filters. */
export const taskCountsSchema = z.object(
  Object.fromEntries(TASK_STATUSES.map((s) => [s, z.number()])) as {
    [K in (typeof TASK_STATUSES)[number]]: z.ZodNumber;
  },
);
