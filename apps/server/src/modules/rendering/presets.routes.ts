import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import {
  presetChoiceSchema,
  presetInput,
  presetNeeds,
  presetPatch,
  presetSchema,
} from './presets.schemas.ts';
import type { PresetsService } from './presets.service.ts';

const tags = ['presets'];
// Spec §2 Preset management is a settings area of the tenant administrator; everyone who renders
// reads the presets offered to them.
const reader = { access: 'authenticated' } as const;
const manager = { access: 'tenantAdmin' } as const;

export function registerPresetRoutes(app: App, s: { presets: PresetsService }): void {
  app.get(
    '/api/v1/presets',
    {
      config: reader,
      schema: {
        tags,
        summary:
          'The render presets by name (tenant administrators: hidden ones too). With need=…, only the ' +
          'visible presets having every capability named, and the spec’s message when there are none',
        querystring: presetNeeds,
        response: { 200: presetChoiceSchema },
      },
    },
    (request) => s.presets.list(authOf(request), request.query.need),
  );

  app.post(
    '/api/v1/presets',
    {
      config: manager,
      schema: {
        tags,
        summary: 'Create a preset',
        body: presetInput,
        errors: [409],
        response: { 201: presetSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.presets.create(authOf(request), request.body)),
  );

  app.patch(
    '/api/v1/presets/:id',
    {
      config: manager,
      schema: {
        tags,
        summary: 'Change a preset, or set or unset it as the default for all users',
        params: idParams,
        body: presetPatch,
        errors: [409],
        response: { 200: presetSchema },
      },
    },
    (request) => s.presets.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/presets/:id',
    {
      config: manager,
      schema: {
        tags,
        summary:
          'Delete a preset: refused (409) while another preset falls back to it or a subclip was made with it, and for built-in presets',
        params: idParams,
        errors: [409],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.presets.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
