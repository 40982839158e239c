import { z } from 'zod';
import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import {
  formInput,
  formParams,
  formPatch,
  formSchema,
  optionListInput,
  optionListSchema,
} from './forms.schemas.ts';
import type { FormsService } from './forms.service.ts';

const tags = ['forms'];
// Spec §2 "metadata form editor with option lists" is a settings area of the tenant administrator;
// everyone reads the forms (and lists) they fill in.
const reader = { access: 'authenticated' } as const;
const editor = { access: 'tenantAdmin' } as const;
const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

export function registerFormRoutes(app: App, s: { forms: FormsService }): void {
  app.get(
    '/api/v1/forms',
    {
      config: reader,
      schema: {
        tags,
        summary:
          'The metadata forms the caller sees, by label (administrators: all of them, hidden ones too)',
        response: { 200: list(formSchema) },
      },
    },
    async (request) => {
      const items = await s.forms.list(authOf(request));
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/v1/forms',
    {
      config: editor,
      schema: { tags, summary: 'Create a metadata form', body: formInput, response: { 201: formSchema } },
    },
    async (request, reply) => reply.status(201).send(await s.forms.create(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/forms/:id',
    {
      config: reader,
      schema: { tags, summary: 'A metadata form', params: formParams, response: { 200: formSchema } },
    },
    (request) => s.forms.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/forms/:id',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Change a form: its settings, fields, views or usage rules (what is sent replaces what was)',
        params: formParams,
        body: formPatch,
        response: { 200: formSchema },
      },
    },
    (request) => s.forms.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/forms/:id',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Delete a form; the values items hold for it stay until each item is edited',
        params: formParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.forms.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/option-lists',
    {
      config: reader,
      schema: {
        tags,
        summary: 'The option lists of the tenant, by name',
        response: { 200: list(optionListSchema) },
      },
    },
    async (request) => {
      const items = await s.forms.optionLists(authOf(request));
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/v1/option-lists',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Create an option list (flat or tree)',
        body: optionListInput,
        response: { 201: optionListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.forms.createOptionList(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/option-lists/:id',
    {
      config: reader,
      schema: { tags, summary: 'An option list', params: idParams, response: { 200: optionListSchema } },
    },
    (request) => s.forms.optionList(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/option-lists/:id',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Rename an option list or change its options',
        params: idParams,
        body: optionListInput.partial(),
        response: { 200: optionListSchema },
      },
    },
    (request) => s.forms.updateOptionList(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/option-lists/:id',
    {
      config: editor,
      schema: {
        tags,
        summary: 'Delete an option list no form uses',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.forms.deleteOptionList(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
