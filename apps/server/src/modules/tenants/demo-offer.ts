import { z } from 'zod';

export const DEMO_PARTS = ['admin', 'editor', 'viewer'] as const;
export type DemoPart = (typeof DEMO_PARTS)[number];

export const demoOfferSchema = z
  .object({
    slug: z.string().meta({ description: 'The demo organisation to sign in to' }),
    password: z.string().meta({ description: 'The password of every demo user' }),
    users: z.array(
      z.object({
        email: z.string(),
        name: z.string(),
        part: z.enum(DEMO_PARTS).meta({
          description:
            'What the user may do: administer the organisation and edit, edit and upload, or only view',
        }),
      }),
    ),
  })
  .meta({ id: 'DemoOffer' });

/** The demo tenant as the sign-in page offers it (the seed's, handed over by the composition root). */
export type DemoOffer = z.infer<typeof demoOfferSchema>;
