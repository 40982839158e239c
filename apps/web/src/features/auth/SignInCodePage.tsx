import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import { useSetSession } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PATHS } from '../../routing/paths.ts';
import { DeactivatedNotice } from './DeactivatedNotice.tsx';

/** /sign-in-code?code=…: the one-time link of an invitation. Posts the code once, then goes home. */
export function SignInCodePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const setSession = useSetSession();
  // A code works once; StrictMode runs effects twice in development, so remember the attempt.
  const attempted = useRef(false);

  const signIn = useMutation({
    mutationFn: (value: string) => authApi.signInWithCode(value),
    onSuccess: (me) => {
      setSession(me);
      void navigate(PATHS.searchItem, { replace: true });
    },
  });
  const { mutate } = signIn;

  useEffect(() => {
    if (code === '' || attempted.current) return;
    attempted.current = true;
    mutate(code);
  }, [code, mutate]);

  const deactivated = isApiError(signIn.error) && signIn.error.code === 'account_deactivated';

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('signInCode.title')}
      </Title>
      {code === '' ? (
        <ErrorAlert>{t('signInCode.missing')}</ErrorAlert>
      ) : signIn.isError ? (
        deactivated ? (
          <DeactivatedNotice />
        ) : (
          <ErrorAlert>{t('signInCode.invalid')}</ErrorAlert>
        )
      ) : (
        <LoadingState label={t('signInCode.signingIn')} />
      )}
      {(code === '' || signIn.isError) && (
        <Text size="sm">
          <Anchor component={Link} to={PATHS.login}>
            {t('backToLogin')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
