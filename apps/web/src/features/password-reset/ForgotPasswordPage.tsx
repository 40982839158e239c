import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PATHS } from '../../routing/paths.ts';
import { verifyPath } from './resetFlow.ts';

/** "Verify account ownership", step 1: the server e-mails a 6-digit code when the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { describe } = useErrorMessage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tenant, setTenant] = useState(params.get('tenant') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [errors, setErrors] = useState<{ tenant?: string; email?: string }>({});

  const request = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: (_answer, input) => {
      void navigate(verifyPath(input.tenant, input.email));
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { tenant: tenant.trim(), email: email.trim() };
    const next: typeof errors = {};
    if (!input.tenant) next.tenant = t('signIn.tenantRequired');
    if (!input.email) next.email = t('signIn.emailRequired');
    setErrors(next);
    if (!next.tenant && !next.email) request.mutate(input);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('forgot.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('forgot.description')}
          </Text>
        </div>
        {request.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {describe(request.error)}
          </Alert>
        )}
        <TextInput
          label={t('signIn.tenant')}
          description={t('signIn.tenantDescription')}
          value={tenant}
          onChange={(e) => {
            setTenant(e.currentTarget.value);
          }}
          error={errors.tenant}
          autoComplete="organization"
          autoCapitalize="none"
          required
        />
        <TextInput
          label={t('signIn.email')}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
          }}
          error={errors.email}
          autoComplete="username"
          required
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t('forgot.submit')}
        </Button>
        <Anchor component={Link} to={PATHS.login} size="sm" ta="center">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
