import { z } from 'zod';

/** The success answer of a route that answers no body (204). */
export const noContent = z.undefined().describe('Done; no body');

/** The success answer of a route whose work continues after it answers (202: an e-mail is sent). */
export const accepted = z.object({ status: z.literal('accepted') }).describe('Accepted');

/** Bytes of a file (media, downloads) in any content type, as the OpenAPI document says it. */
export const fileAnswer = (description: string) => ({
  description,
  content: { '*/*': { schema: z.string().describe('The bytes of the file') } },
});
