import { z } from 'zod';
import type { App } from '../../app.ts';
import { authOf } from '../../plugins/auth.ts';
import type { SpeechProviders } from './speech-providers.ts';

const tags = ['analysis'];
const admin = { access: 'tenantAdmin' } as const;

const settingsSchema = z
  .object({
    kind: z.enum(['pocketsphinx', 'openai', 'whisper']),
    baseUrl: z.string().nullable(),
    model: z.string().nullable(),
    hasKey: z.boolean(),
    whisperModel: z.string().nullable(),
  })
  .meta({ id: 'SpeechProviderSettings' });

/** Spec §3 tenant config: the speech-to-text provider with its key (tenant administrators). */
export function registerSpeechProviderRoutes(app: App, s: { speech: SpeechProviders }): void {
  app.get(
    '/api/v1/tenant/speech-provider',
    {
      config: admin,
      schema: {
        tags,
        summary: "The tenant's speech-to-text provider (the key is never shown, only whether one is set)",
        response: { 200: settingsSchema },
      },
    },
    (request) => s.speech.settings(authOf(request).tenant.id),
  );

  app.put(
    '/api/v1/tenant/speech-provider',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "kind whisper: transcribe with whisper.cpp on the installation's model (WHISPER_MODEL); " +
          'otherwise through an OpenAI-compatible service (POST {baseUrl}/audio/transcriptions), ' +
          'apiKey stored sealed, left out keeps the stored one, null removes it',
        body: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('whisper') }).strict(),
          z.object({
            kind: z.literal('openai').optional(),
            baseUrl: z.url({ protocol: /^https?$/, error: 'an http or https address' }).max(500),
            model: z.string().trim().min(1).max(200),
            apiKey: z.string().min(1).max(500).nullish(),
          }),
        ]),
        response: { 200: settingsSchema },
      },
    },
    (request) => s.speech.set(authOf(request).tenant.id, request.body),
  );

  app.delete(
    '/api/v1/tenant/speech-provider',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Back to the embedded speech-to-text engine (pocketsphinx, English)',
        response: { 200: settingsSchema },
      },
    },
    (request) => s.speech.reset(authOf(request).tenant.id),
  );
}
