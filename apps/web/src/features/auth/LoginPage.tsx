import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { authApi, type LoginInput } from '../../api/auth.ts';
import { isApiError } from '../../api/errors.ts';
import { useMe, useSetSession } from '../../api/session.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { RETURN_TO_PARAM, safeReturnTo } from '../../routing/returnTo.ts';
import { CompanyLookup } from './CompanyLookup.tsx';
import { DemoHint } from './DemoHint.tsx';
import { readLastTenant, rememberTenant } from './lastTenant.ts';
import { MfaCodeForm } from './MfaCodeForm.tsx';
import { SignInForm, type Credentials, type SignInError } from './SignInForm.tsx';

type Step = 'signIn' | 'mfa' | 'lookup';

/** Sign in to an organisation; a TOTP step when MFA is on; "look for a company". */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { describe } = useErrorMessage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const { data: me } = useMe();
  const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM));

  const [step, setStep] = useState<Step>('signIn');
  const [credentials, setCredentials] = useState<Credentials>({
    tenant: params.get('tenant') ?? readLastTenant(),
    email: params.get('email') ?? '',
    password: '',
  });
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<SignInError>(null);

  const login = useMutation({
    mutationFn: (input: LoginInput) => authApi.login(input),
    onSuccess: (answer, input) => {
      rememberTenant(input.tenant);
      setSession(answer);
      void navigate(returnTo, { replace: true });
    },
    onError: (failure, input) => {
      if (!isApiError(failure)) {
        setError({ kind: 'message', text: describe(failure) });
        return;
      }
      if (failure.code === 'mfa_required') {
        // The password was right; without a code (or with a wrong one) the server asks for one.
        setError(input.totp ? { kind: 'message', text: t('mfa.invalidCode') } : null);
        setStep('mfa');
      } else if (failure.code === 'account_deactivated') {
        setError({ kind: 'deactivated' });
        setStep('signIn');
      } else if (failure.code === 'unauthorized') {
        setError({ kind: 'message', text: t('signIn.wrongCredentials') });
        setStep('signIn');
      } else {
        setError({ kind: 'message', text: describe(failure) });
      }
    },
  });

  if (me) return <Navigate to={returnTo} replace />;

  if (step === 'lookup') {
    return (
      <CompanyLookup
        onPick={(match) => {
          setCredentials((c) => ({ ...c, tenant: match.slug }));
          setFormKey((k) => k + 1);
          setError(null);
          setStep('signIn');
        }}
        onBack={() => {
          setStep('signIn');
        }}
      />
    );
  }

  if (step === 'mfa') {
    return (
      <MfaCodeForm
        submitting={login.isPending}
        error={error?.kind === 'message' ? error.text : null}
        onSubmit={(totp) => {
          login.mutate({ ...credentials, totp });
        }}
        onBack={() => {
          setCredentials((c) => ({ ...c, password: '' }));
          setFormKey((k) => k + 1);
          setError(null);
          setStep('signIn');
        }}
      />
    );
  }

  return (
    <>
      <SignInForm
        key={formKey}
        initial={credentials}
        submitting={login.isPending}
        error={error}
        onSubmit={(values) => {
          setCredentials(values);
          setError(null);
          login.mutate(values);
        }}
        onLookForCompany={(current) => {
          setCredentials(current);
          setError(null);
          setStep('lookup');
        }}
      />
      <DemoHint />
    </>
  );
}
