import { Accordion, SimpleGrid } from '@mantine/core';
import type { FieldValue, OptionLists } from '@skald/domain';
import { FieldInput } from './FieldInput.tsx';
import { useSpecMessage } from './useSpecMessage.ts';
import type { ViewForm, ViewValues } from './viewValues.ts';

interface ViewFormFieldsProps {
  entries: readonly ViewForm[];
  values: ViewValues;
  onChange: (formId: string, fieldId: string, value: FieldValue) => void;
  lists: OptionLists;
  /** Messages by `<form>.<field>`. */
  errors: Readonly<Record<string, string>>;
  /** The forms open at first. */
  defaultOpen?: readonly string[];
}

/** A screen's view of the forms before an item exists (upload, folder defaults): one panel a form. */
export function ViewFormFields({
  entries,
  values,
  onChange,
  lists,
  errors,
  defaultOpen = [],
}: ViewFormFieldsProps) {
  const specMessage = useSpecMessage();
  return (
    <Accordion multiple variant="contained" defaultValue={[...defaultOpen]}>
      {entries.map(({ form, fields }) => (
        <Accordion.Item key={form.id} value={form.id} data-testid={`view-form-${form.id}`}>
          <Accordion.Control>{form.label}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {fields.map(({ field, label }) => {
                const error = errors[`${form.id}.${field.fieldId}`];
                return (
                  <FieldInput
                    key={field.fieldId}
                    field={field}
                    label={label}
                    value={values[form.id]?.[field.fieldId] ?? null}
                    onChange={(value) => {
                      onChange(form.id, field.fieldId, value);
                    }}
                    lists={lists}
                    disabled={false}
                    error={error === undefined ? null : specMessage(error)}
                  />
                );
              })}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
