import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { useViewValues } from '../metadata-forms/useViewValues.ts';
import { ViewFormFields } from '../metadata-forms/ViewFormFields.tsx';

/** Spec §2: the upload view's fields, whose values every file of the upload gets. */
export function UploadFormValues({ values }: { values: ReturnType<typeof useViewValues> }) {
  const { t } = useTranslation('upload');
  const { describe } = useErrorMessage();
  if (values.error) return <ErrorAlert>{describe(values.error)}</ErrorAlert>;
  if (values.isPending || values.entries.length === 0) return null;
  const invalid = Object.keys(values.errors).length > 0;
  return (
    <Stack gap={6} data-testid="upload-form-values">
      <Text size="sm" fw={600} id="upload-values-heading">
        {t('values.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('values.hint')}
      </Text>
      <ViewFormFields
        entries={values.entries}
        values={values.values}
        onChange={values.set}
        lists={values.lists}
        errors={values.errors}
      />
      {invalid && (
        <Alert color="red" data-testid="upload-values-invalid">
          {t('values.invalid')}
        </Alert>
      )}
    </Stack>
  );
}
