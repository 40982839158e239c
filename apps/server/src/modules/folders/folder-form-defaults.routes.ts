import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import { formValuesInput } from '../items/form-values.schema.ts';
import type { FolderFormDefaultsService } from './folder-form-defaults.service.ts';

const tags = ['folders'];
const defaultsSchema = z
  .object({
    folderId: z.string(),
    forms: z.record(z.string(), z.record(z.string(), z.unknown())).meta({
      description: 'form id → field id → value that items uploaded into the folder start with',
    }),
  })
  .meta({ id: 'FolderFormDefaults' });

export function registerFolderFormDefaultsRoutes(app: App, s: { defaults: FolderFormDefaultsService }): void {
  app.get(
    '/api/v1/folders/:id/form-defaults',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A folder's default form values (its folder view) for items uploaded into it",
        params: idParams,
        response: { 200: defaultsSchema },
      },
    },
    (request) => s.defaults.get(authOf(request), request.params.id),
  );

  app.put(
    '/api/v1/folders/:id/form-defaults',
    {
      // Who may put items into the folder (its updatable-by list) sets them; each field's userCanWrite applies.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "Set a folder's default form values (replacing them; an empty value clears one); uploads' own values win",
        params: idParams,
        body: z.object({ forms: formValuesInput }),
        response: { 200: defaultsSchema },
      },
    },
    (request) => s.defaults.put(authOf(request), request.params.id, request.body.forms),
  );
}
