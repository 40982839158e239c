import { Alert, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { useViewValues } from './useViewValues.ts';
import { ViewFormFields } from './ViewFormFields.tsx';

interface ViewValuesSectionProps {
  values: ReturnType<typeof useViewValues>;
  /** What the values are for, how they are used, and what to do when some are wrong. */
  texts: { title: string; hint: string; invalid: string };
  testId: string;
  /** Every form open at first (a guest's page, where a required field must not hide). */
  open?: boolean;
}

/** Spec §2: a screen's view of the forms (upload, new version) before its files are sent. */
export function ViewValuesSection({ values, texts, testId, open = false }: ViewValuesSectionProps) {
  const { describe } = useErrorMessage();
  if (values.error) return <ErrorAlert>{describe(values.error)}</ErrorAlert>;
  if (values.isPending || values.entries.length === 0) return null;
  const invalid = Object.keys(values.errors).length > 0;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={600}>
        {texts.title}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.hint}
      </Text>
      <ViewFormFields
        entries={values.entries}
        values={values.values}
        onChange={values.set}
        lists={values.lists}
        errors={values.errors}
        defaultOpen={open ? values.entries.map((e) => e.form.id) : []}
      />
      {invalid && (
        <Alert color="red" data-testid={`${testId}-invalid`}>
          {texts.invalid}
        </Alert>
      )}
    </Stack>
  );
}
