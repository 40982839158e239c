import { Group, Modal, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { LocalisedDatePickerInput } from '../../components/LocalisedDatePickerInput.tsx';
import { IconCalendar } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiKeysApi, type ApiKeyInput } from '../../api/apiKeys.ts';
import { isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import type { ApiKey } from '../../api/types.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import {
  MAX_INACTIVE_DAYS,
  expiryFromIso,
  expiryToIso,
  localToday,
  maxInactiveDaysToApi,
  validateExpiry,
  validateMaxInactiveDays,
  type ExpiryMode,
} from './expiry.ts';

interface ApiKeyFormModalProps extends DialogProps {
  /** null: create a key; otherwise edit this one. Kept while the modal closes. */
  apiKey: ApiKey | null;
  onCreated: (key: ApiKey, secret: string) => void;
}

export function ApiKeyFormModal(props: ApiKeyFormModalProps) {
  const { opened, opening, apiKey, onClose, onExitTransitionEnd, onCreated } = props;
  const { t } = useTranslation('apiKeys');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={apiKey ? t('form.editTitle') : t('form.createTitle')}
      centered
    >
      {/* Mounted while the modal is shown, fading out included; keyed so each opening starts from the
          key's current values. */}
      <ApiKeyForm key={opening} apiKey={apiKey} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

interface Errors {
  label?: string | undefined;
  expiry?: string | undefined;
  maxInactiveDays?: string | undefined;
}

function ApiKeyForm({
  apiKey,
  onClose,
  onCreated,
}: Pick<ApiKeyFormModalProps, 'apiKey' | 'onClose' | 'onCreated'>) {
  const { t } = useTranslation(['apiKeys', 'messages']);
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const initialExpiry = expiryFromIso(apiKey?.expiresAt ?? null);
  const [label, setLabel] = useState(apiKey?.label ?? '');
  const [mode, setMode] = useState<ExpiryMode>(initialExpiry.mode);
  const [date, setDate] = useState<string | null>(initialExpiry.date);
  const [maxInactiveDays, setMaxInactiveDays] = useState<number | string>(apiKey?.maxInactiveDays ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (input: ApiKeyInput): Promise<{ apiKey: ApiKey; secret: string | null }> =>
      apiKey
        ? apiKeysApi.update(apiKey.id, input).then((key) => ({ apiKey: key, secret: null }))
        : apiKeysApi.create(input),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: queryKeys.apiKeys });
      if (answer.secret === null) {
        notifySuccess(t('saved'));
        onClose();
      } else {
        onCreated(answer.apiKey, answer.secret);
      }
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'bad_request') {
        setErrors({
          label: fieldMessage(error, 'label'),
          expiry: fieldMessage(error, 'expiresAt'),
          maxInactiveDays: fieldMessage(error, 'maxInactiveDays'),
        });
      }
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const expiryError = validateExpiry(mode, date, localToday());
    const daysError = validateMaxInactiveDays(maxInactiveDays);
    const next: Errors = {
      label: label.trim() === '' ? t('form.labelRequired') : undefined,
      expiry: expiryError ? t(`messages:${expiryError}`) : undefined,
      maxInactiveDays: daysError ? t('form.maxInactiveDaysRange', MAX_INACTIVE_DAYS) : undefined,
    };
    setErrors(next);
    if (next.label ?? next.expiry ?? next.maxInactiveDays) return;
    save.mutate({
      label: label.trim(),
      expiresAt: expiryToIso(mode, date),
      maxInactiveDays: maxInactiveDaysToApi(maxInactiveDays),
    });
  };

  const fieldErrorShown = errors.label ?? errors.expiry ?? errors.maxInactiveDays;
  const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !fieldErrorShown && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
        <TextInput
          label={t('form.label')}
          description={t('form.labelDescription')}
          value={label}
          onChange={(e) => {
            setLabel(e.currentTarget.value);
            setErrors((x) => ({ ...x, label: undefined }));
          }}
          error={errors.label}
          maxLength={200}
          data-autofocus
          required
        />
        <Radio.Group
          label={t('form.expiry')}
          value={mode}
          onChange={(value) => {
            setMode(value === 'date' ? 'date' : 'indefinite');
            setErrors((x) => ({ ...x, expiry: undefined }));
          }}
        >
          <Group mt="xs">
            <Radio value="indefinite" label={t('form.indefinite')} />
            <Radio value="date" label={t('form.onDate')} />
          </Group>
        </Radio.Group>
        {mode === 'date' && (
          <LocalisedDatePickerInput
            label={t('form.expiryDate')}
            placeholder={t('form.pickDate')}
            leftSection={<IconCalendar size={16} />}
            value={date}
            onChange={(value) => {
              setDate(value);
              setErrors((x) => ({ ...x, expiry: undefined }));
            }}
            minDate={tomorrow}
            error={errors.expiry}
            valueFormat="LL"
            clearable
            popoverProps={{ withinPortal: true }}
          />
        )}
        {mode === 'indefinite' && errors.expiry && (
          <Text size="sm" c="red">
            {errors.expiry}
          </Text>
        )}
        <NumberInput
          label={t('form.maxInactiveDays')}
          description={t('form.maxInactiveDaysDescription')}
          placeholder={t('noLimit')}
          value={maxInactiveDays}
          onChange={(value) => {
            setMaxInactiveDays(value);
            setErrors((x) => ({ ...x, maxInactiveDays: undefined }));
          }}
          min={MAX_INACTIVE_DAYS.min}
          max={MAX_INACTIVE_DAYS.max}
          allowDecimal={false}
          allowNegative={false}
          error={errors.maxInactiveDays}
        />
        {apiKey && (
          <Text size="xs" c="dimmed">
            {t('form.resetsTimer')}
          </Text>
        )}
        <ModalFooter
          submitLabel={apiKey ? t('common:save') : t('form.createSubmit')}
          submitting={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
