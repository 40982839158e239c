import { ACCESS_LEVELS } from '@skald/domain';
import { z } from 'zod';

/** An access list as answered; requests pass theirs through the domain's parseAccess instead. */
export const accessSchema = z
  .object({ level: z.enum(ACCESS_LEVELS), groups: z.array(z.string()).readonly() })
  .meta({ id: 'Access' })
  .nullable();

/** Requests carry access as untyped JSON so that the domain reports 'Bad visibleTo' itself. */
export const accessInput = z.unknown().optional();

export const userRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'UserRef' });
