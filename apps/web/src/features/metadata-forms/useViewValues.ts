import { fieldReaderOf, type FieldReader, type FieldValue, type FormViewName } from '@skald/domain';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { useFormSchema } from './useFormSchema.ts';
import {
  changedValues,
  initialViewValues,
  sendableErrors,
  sendableValues,
  viewForms,
  type ViewValues,
} from './viewValues.ts';

/**
 * The values of a screen's view of the forms (upload, folder, new version) while they are edited:
 * the forms it offers, the values (from `stored`, else the view's defaults, once the schema is
 * there), what to send and the domain's errors of it. With `changesOnly` (an existing item's
 * values), only what differs from `stored` is sent.
 */
export function useViewValues(
  view: FormViewName,
  stored: ViewValues | undefined,
  options: { changesOnly?: boolean } = {},
) {
  const me = useCurrentUser();
  const schema = useFormSchema();
  const reader = useMemo(() => fieldReaderOf(principalOf(me)), [me]);
  return useViewValuesOf(schema, reader, view, stored, options);
}

/** The forms and lists a screen's view is made from, as a query answers them. */
type ViewSchema = Pick<ReturnType<typeof useFormSchema>, 'forms' | 'lists' | 'isPending' | 'error'>;

/** useViewValues over a given schema and reader (an upload request's guest has no account). */
export function useViewValuesOf(
  schema: ViewSchema,
  reader: FieldReader,
  view: FormViewName,
  stored: ViewValues | undefined,
  { changesOnly = false }: { changesOnly?: boolean } = {},
) {
  const entries = useMemo(() => viewForms(schema.forms, view, reader), [schema.forms, view, reader]);
  const [edits, setEdits] = useState<ViewValues>({});
  const ready = !schema.isPending && stored !== undefined;
  const initial = useMemo(
    () => (ready ? initialViewValues(entries, view, stored, new Date()) : {}),
    [ready, entries, view, stored],
  );
  const values: ViewValues = Object.fromEntries(
    entries.map(({ form }) => [form.id, { ...initial[form.id], ...edits[form.id] }]),
  );
  const all = sendableValues(entries, values);
  const sendable = changesOnly && stored !== undefined ? changedValues(all, stored) : all;
  const set = (formId: string, fieldId: string, value: FieldValue) => {
    setEdits((current) => ({ ...current, [formId]: { ...current[formId], [fieldId]: value } }));
  };
  return {
    entries,
    values,
    set,
    reset: () => {
      setEdits({});
    },
    sendable,
    errors: sendableErrors(entries, sendable, reader, schema.lists),
    lists: schema.lists,
    isPending: schema.isPending || stored === undefined,
    error: schema.error,
  };
}
