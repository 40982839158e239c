import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { BackToLoginLink } from '../../components/BackToLogin.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
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
        <PageHeading title={t('forgot.title')} description={t('forgot.description')} />
        {request.isError && <ErrorAlert>{describe(request.error)}</ErrorAlert>}
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
        <BackToLoginLink centered />
      </Stack>
    </form>
  );
}
