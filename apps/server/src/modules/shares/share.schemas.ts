import { ITEM_TYPES, SHARE_KINDS, SHARE_LIMITS, SHARE_QUALITIES, SHARE_STATES } from '@skald/domain';
import { z } from 'zod';
import { lineText, userText } from '../../lib/user-text.ts';
import { MAIL_LANGUAGES } from '../mail/mail-language.ts';
import { playbackSchema } from '../items/items.schemas.ts';
import { BUILT_IN_FORM_KINDS, FIELD_TYPES } from '@skald/domain';
import { formInput, optionListInput } from '../forms/forms.schemas.ts';

export const shareSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SHARE_KINDS),
    title: z.string(),
    link: z.string().meta({ description: 'The public link (its token is the only way in)' }),
    passwordProtected: z.boolean(),
    expiresAt: z.string(),
    maxUses: z.number().meta({ description: 'Unique views of a share, files of an upload request' }),
    used: z.number(),
    state: z.enum(SHARE_STATES),
    download: z.enum(SHARE_QUALITIES).nullable(),
    allowMetadata: z.boolean(),
    allowEditMetadata: z.boolean(),
    folderId: z.string().nullable(),
    itemCount: z.number(),
    owner: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Share' });

export const shareDetailSchema = shareSchema
  .extend({
    itemIds: z.array(z.string()),
    emails: z.array(z.object({ address: z.string(), message: z.string(), sentAt: z.string() })),
  })
  .meta({ id: 'ShareDetail' });

export const shareLimitsSchema = z
  .object({ maxValidDays: z.number().int(), maxViews: z.number().int() })
  .meta({ id: 'ShareLimits' });

// Titles, passwords, dates, views and e-mails are checked by the domain's validateShare (§5), which
// words the spec's messages; here only shapes and sizes.
const settings = {
  title: lineText.max(1000),
  password: z.string().max(SHARE_LIMITS.passwordMaxLength).nullable(),
  expiresAt: z.string().max(40),
  maxUses: z.number().int(),
  download: z.enum(SHARE_QUALITIES).nullable(),
  allowMetadata: z.boolean(),
  allowEditMetadata: z.boolean(),
  emails: z.array(z.string().max(254)).max(200),
  message: userText({ max: 10_000, min: 0, multiline: true }),
  language: z
    .enum(MAIL_LANGUAGES)
    .meta({ description: "The e-mails' language; absent: the sender's own language setting, else English" }),
};

export const shareCreateSchema = z.object({
  kind: z.enum(SHARE_KINDS).default('share'),
  itemIds: z.array(z.uuid()).max(SHARE_LIMITS.maxItems).optional(),
  folderId: z.uuid().optional(),
  ...settings,
  password: settings.password.default(null),
  download: settings.download.default(null),
  allowMetadata: settings.allowMetadata.default(false),
  allowEditMetadata: settings.allowEditMetadata.default(false),
  emails: settings.emails.default([]),
  message: settings.message.default(''),
  language: settings.language.optional(),
  confirmRights: z.boolean().default(false).meta({
    description: 'Share items whose usage rights have expired anyway (409 without it when some have)',
  }),
});

export const sharePatchSchema = z.object(settings).partial();

export const sharePageSchema = z
  .object({
    kind: z.enum(SHARE_KINDS),
    locked: z.boolean().meta({ description: 'The link needs its password: nothing else is shown' }),
    title: z.string().nullable(),
    senderName: z.string().nullable(),
    expiresAt: z.string().nullable(),
    download: z.enum(SHARE_QUALITIES).nullable(),
    allowMetadata: z.boolean(),
    allowEditMetadata: z.boolean(),
    mediaBase: z
      .string()
      .nullable()
      .meta({ description: "The items' thumbnail and playback URLs are relative to this path" }),
    items: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        itemType: z.enum(ITEM_TYPES),
        thumbnailUrl: z.string().nullable(),
        technicalMetadata: z
          .object({
            durationSeconds: z.number().nullable(),
            frameRate: z.object({ numerator: z.number(), denominator: z.number() }).nullable(),
          })
          .nullable(),
        playback: playbackSchema.nullable(),
        available: z.object({ proxy: z.boolean(), original: z.boolean() }).nullable(),
        metadata: z
          .object({
            filename: z.string(),
            size: z.number(),
            mimeType: z.string().nullable(),
            createdAt: z.string(),
          })
          .nullable(),
        rightsWarning: z
          .object({ outside: z.boolean(), expiredAt: z.string().nullable() })
          .nullable()
          .meta({ description: "The item's usage rules warn: its rights are over (outside) or always warn" }),
      }),
    ),
  })
  .meta({ id: 'SharePage' });

export const sharedMetadataSchema = z
  .object({
    itemId: z.string(),
    forms: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        fields: z.array(
          z.object({
            fieldId: z.string(),
            label: z.string(),
            type: z.enum(FIELD_TYPES),
            required: z.boolean(),
            writable: z
              .boolean()
              .meta({ description: 'The share allows editing and anyone may write this field' }),
            alternatives: z.array(z.object({ value: z.string(), label: z.string() })),
          }),
        ),
      }),
    ),
    values: z.record(z.string(), z.record(z.string(), z.unknown())).meta({
      description: "form id → field id → value, of the share view's fields only",
    }),
  })
  .meta({ id: 'SharedMetadata' });

/** Spec §2 upload view as an upload request's guest fills it: forms cut to those fields, the lists they name. */
export const uploadViewSchema = z
  .object({
    forms: z.array(formInput.extend({ builtIn: z.enum(BUILT_IN_FORM_KINDS).nullable() })),
    lists: z.array(optionListInput.extend({ id: z.string() })),
  })
  .meta({ id: 'GuestUploadView' });
