import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import { formValuesInput } from './form-values.schema.ts';
import type { ItemMetadataService } from './item-metadata.service.ts';

const tags = ['items'];
const itemMetadataSchema = z
  .object({
    itemId: z.string(),
    values: z.record(z.string(), z.record(z.string(), z.unknown())).meta({
      description:
        'form id → field id → value, as far as the caller may read them; values of fields since removed from their form stay until the item is edited',
    }),
    writable: z.record(z.string(), z.array(z.string())).meta({
      description: 'form id → the fields the caller may change (empty when they may not update the item)',
    }),
  })
  .meta({ id: 'ItemMetadata' });

export function registerItemMetadataRoutes(app: App, s: { itemMetadata: ItemMetadataService }): void {
  app.get(
    '/api/v1/items/:id/metadata',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "An item's metadata form values and which fields the caller may change",
        params: idParams,
        response: { 200: itemMetadataSchema },
      },
    },
    (request) => s.itemMetadata.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/items/:id/metadata',
    {
      // Spec §6 item.updateMetadata with the item's updatable-by list, and each field's userCanWrite: the service checks.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "Set an item's form values (null clears one): all or nothing, each change in the item's history",
        params: idParams,
        body: z.object({ forms: formValuesInput }),
        response: { 200: itemMetadataSchema },
        errors: [403],
      },
    },
    (request) => s.itemMetadata.update(authOf(request), request.params.id, request.body.forms),
  );
}
