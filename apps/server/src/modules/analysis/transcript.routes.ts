import { TRANSCRIPTION_LANGUAGES } from '@skald/domain';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { fileAnswer } from '../../lib/answers.ts';
import { withoutControls } from '../../lib/user-text.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { TimeToSearchable } from './time-to-searchable.ts';
import type { TranscriptService } from './transcript.service.ts';
import type { TranslationProviders } from './translation-providers.ts';

const tags = ['analysis'];

const wordSchema = z.object({
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  confidence: z.number(),
});
const segmentsSchema = z.array(
  z.object({ startMs: z.number(), endMs: z.number(), text: z.string(), words: z.array(wordSchema) }),
);
const revisionSchema = z
  .object({
    revision: z.number(),
    source: z.enum(['transcription', 'edit']),
    language: z.string(),
    provider: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable().meta({ description: "The editor's name; null for a transcription" }),
  })
  .meta({ id: 'TranscriptRevision' });
const revisionWithTextSchema = revisionSchema
  .extend({ segments: segmentsSchema })
  .meta({ id: 'TranscriptRevisionText' });
const languageSchema = z.enum(TRANSCRIPTION_LANGUAGES);
const CAPTION_TYPES = { vtt: 'text/vtt; charset=utf-8', srt: 'application/x-subrip; charset=utf-8' } as const;

const translationSettingsSchema = z
  .object({
    primaryLanguage: z.string(),
    secondaryLanguage: z.string().nullable(),
    provider: z
      .object({ kind: z.enum(['libretranslate', 'deepl']), baseUrl: z.string(), hasKey: z.boolean() })
      .nullable(),
  })
  .meta({ id: 'TranslationSettings' });

/**
 * Issue 14 §3: editing the transcript (item.updateTranscript, kept as revisions), its captions,
 * the translations, and the tenant's translation settings (spec §3 tenant config).
 */
export function registerTranscriptRoutes(
  app: App,
  s: { transcripts: TranscriptService; translation: TranslationProviders; searchable: TimeToSearchable },
): void {
  app.get(
    '/api/v1/items/:id/time-to-searchable',
    {
      config: { access: { permission: 'item.history' } },
      schema: {
        tags,
        summary:
          "When the item's latest upload finished, its proxy was ready and each analysis was done (from its history)",
        params: idParams,
        response: {
          200: z
            .object({
              uploadedAt: z.string().nullable(),
              proxyReadyAt: z.string().nullable(),
              analyses: z.array(z.object({ kind: z.string(), doneAt: z.string() })),
            })
            .meta({ id: 'TimeToSearchable' }),
        },
      },
    },
    (request) => s.searchable.of(authOf(request), request.params.id),
  );

  app.put(
    '/api/v1/items/:id/transcript',
    {
      config: { access: { permission: 'item.updateTranscript' } },
      schema: {
        tags,
        summary:
          'Replace the transcript with the edited utterances, kept as the next revision; a word kept keeps its times, new words share the time around them',
        params: idParams,
        body: z.object({
          language: languageSchema,
          segments: z
            .array(
              z.object({
                startMs: z
                  .number()
                  .int()
                  .min(0)
                  .max(48 * 3_600_000),
                endMs: z
                  .number()
                  .int()
                  .min(0)
                  .max(48 * 3_600_000),
                text: z.string().max(2_000),
              }),
            )
            .max(5_000),
        }),
        response: { 200: revisionWithTextSchema },
      },
    },
    (request) => s.transcripts.update(authOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/items/:id/transcript/revisions',
    {
      config: { access: { permission: 'ui.transcript' } },
      schema: {
        tags,
        summary: "The transcript's revisions (transcriptions and edits), newest first",
        params: idParams,
        response: { 200: z.object({ items: z.array(revisionSchema) }) },
      },
    },
    (request) => s.transcripts.revisions(authOf(request), request.params.id),
  );

  app.get(
    '/api/v1/items/:id/transcript/revisions/:revision',
    {
      config: { access: { permission: 'ui.transcript' } },
      schema: {
        tags,
        summary: 'One revision of the transcript with its utterances',
        params: idParams.extend({ revision: z.coerce.number().int().min(1).max(1_000_000) }),
        response: { 200: revisionWithTextSchema },
      },
    },
    (request) => s.transcripts.revision(authOf(request), request.params.id, request.params.revision),
  );

  app.get(
    '/api/v1/items/:id/captions/:format',
    {
      config: { access: { permission: 'ui.transcript' } },
      schema: {
        tags,
        summary:
          'The transcript (or its translation into language) as WebVTT or SubRip captions; 404 "No timed transcript available" when there is none',
        params: idParams.extend({ format: z.enum(['vtt', 'srt']) }),
        querystring: z.object({
          language: languageSchema.optional(),
          download: z.stringbool().default(false),
        }),
        response: { 200: fileAnswer('The captions') },
      },
    },
    async (request, reply) => {
      const { format } = request.params;
      const captions = await s.transcripts.captions(
        authOf(request),
        request.params.id,
        format,
        request.query.language,
      );
      if (request.query.download)
        void reply.header('content-disposition', contentDisposition(withoutControls(captions.fileName)));
      return reply.type(CAPTION_TYPES[format]).send(captions.body);
    },
  );

  app.get(
    '/api/v1/items/:id/translation',
    {
      config: { access: { permission: 'ui.translation' } },
      schema: {
        tags,
        summary: "The transcript's translations, each language's utterances with their times",
        params: idParams,
        response: {
          200: z.object({
            items: z.array(
              z
                .object({ language: z.string(), provider: z.string().nullable(), segments: segmentsSchema })
                .meta({ id: 'TranslatedText' }),
            ),
          }),
        },
      },
    },
    (request) => s.transcripts.translations(authOf(request), request.params.id),
  );

  app.get(
    '/api/v1/tenant/translation',
    {
      config: { access: { permission: 'ui.translation' } },
      schema: {
        tags,
        summary:
          "The tenant's translation languages (spec §3: primary, secondary) and its translation provider (never the key)",
        response: { 200: translationSettingsSchema },
      },
    },
    (request) => s.translation.settings(authOf(request).tenant.id),
  );

  app.put(
    '/api/v1/tenant/translation',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary:
          'Set the translation languages and the provider for pairs Apertium does not translate offline ' +
          '(LibreTranslate: POST {baseUrl}/translate; DeepL: POST {baseUrl}/translate with baseUrl up to /v2); ' +
          'apiKey is stored sealed, left out keeps the stored one, null removes it',
        body: z.object({
          primaryLanguage: languageSchema,
          secondaryLanguage: languageSchema.nullable(),
          provider: z
            .object({
              kind: z.enum(['libretranslate', 'deepl']),
              baseUrl: z.url({ protocol: /^https?$/, error: 'an http or https address' }).max(500),
              apiKey: z.string().min(1).max(500).nullish(),
            })
            .nullable(),
        }),
        response: { 200: translationSettingsSchema },
      },
    },
    (request) => s.translation.set(authOf(request).tenant.id, request.body),
  );
}
