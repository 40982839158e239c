import { Center, Container, Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CurrentUserContext } from '../api/currentUser.ts';
import { useMe } from '../api/session.ts';
import { ErrorState } from '../components/ErrorState.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { SkaldLogo } from '../components/SkaldLogo.tsx';
import { PATHS, userSettingsPath } from './paths.ts';
import { loginPath } from './returnTo.ts';

/**
 * Guards the main layout: without a session the user goes to the login screen and comes back
 * afterwards; while the tenant enforces MFA and the user has not enrolled, only the MFA set-up
 * (user settings) is reachable.
 */
export function RequireAuth() {
  const location = useLocation();
  const { data: me, isPending, error, refetch } = useMe();

  if (isPending) return <FullPageLoader />;
  if (error) {
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Center>
            <SkaldLogo size="xl" />
          </Center>
          <ErrorState error={error} onRetry={() => void refetch()} />
        </Stack>
      </Container>
    );
  }
  if (!me) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  if (me.mfaSetupRequired && location.pathname !== PATHS.userSettings) {
    return <Navigate to={userSettingsPath('settings')} replace />;
  }
  return (
    <CurrentUserContext value={me}>
      <Outlet />
    </CurrentUserContext>
  );
}
