import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconSearch } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PATHS } from '../../routing/paths.ts';
import { DeactivatedNotice } from './DeactivatedNotice.tsx';

/** What went wrong last: the deactivated account gets the spec's notice, anything else a message. */
export type SignInError = { kind: 'deactivated' } | { kind: 'message'; text: string } | null;

export interface Credentials {
  tenant: string;
  email: string;
  password: string;
}

interface SignInFormProps {
  initial: Credentials;
  submitting: boolean;
  error: SignInError;
  onSubmit: (credentials: Credentials) => void;
  onLookForCompany: (current: Credentials) => void;
}

type FieldErrors = Partial<Record<keyof Credentials, string>>;

export function SignInForm({ initial, submitting, error, onSubmit, onLookForCompany }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Credentials>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const set = (field: keyof Credentials) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = { tenant: values.tenant.trim(), email: values.email.trim(), password: values.password };
    const errors: FieldErrors = {};
    if (!trimmed.tenant) errors.tenant = t('signIn.tenantRequired');
    if (!trimmed.email) errors.email = t('signIn.emailRequired');
    if (!trimmed.password) errors.password = t('signIn.passwordRequired');
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) onSubmit(trimmed);
  };

  const forgotLink = `${PATHS.forgotPassword}?${new URLSearchParams({ tenant: values.tenant.trim(), email: values.email.trim() }).toString()}`;

  return (
    <form onSubmit={submit} noValidate data-testid="sign-in-form">
      <Stack>
        <PageHeading title={t('signIn.title')} description={t('signIn.subtitle')} titleId="sign-in-title" />
        {error?.kind === 'deactivated' ? (
          <DeactivatedNotice />
        ) : error?.kind === 'message' ? (
          <ErrorAlert>{error.text}</ErrorAlert>
        ) : null}
        <TextInput
          label={t('signIn.tenant')}
          description={t('signIn.tenantDescription')}
          leftSection={<IconBuilding size={16} />}
          value={values.tenant}
          onChange={(e) => {
            set('tenant')(e.currentTarget.value);
          }}
          error={fieldErrors.tenant}
          autoComplete="organization"
          autoFocus={initial.tenant === ''}
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              onLookForCompany(values);
            }}
          >
            <Group gap={4} component="span">
              <IconSearch size={14} />
              {t('signIn.lookForCompany')}
            </Group>
          </Anchor>
        </Group>
        <TextInput
          label={t('signIn.email')}
          type="email"
          value={values.email}
          onChange={(e) => {
            set('email')(e.currentTarget.value);
          }}
          error={fieldErrors.email}
          autoComplete="username"
          autoFocus={initial.tenant !== ''}
          required
          withAsterisk={false}
        />
        <PasswordField
          label={t('signIn.password')}
          value={values.password}
          onChange={(e) => {
            set('password')(e.currentTarget.value);
          }}
          error={fieldErrors.password}
          autoComplete="current-password"
          required
          withAsterisk={false}
        />
        <Button type="submit" loading={submitting} fullWidth>
          {t('signIn.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signIn.forgotPassword')}{' '}
          <Anchor component={Link} to={forgotLink}>
            {t('signIn.verifyOwnership')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
