import '@mantine/core/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { createQueryClient } from './api/queryClient.ts';
import { meQuery } from './api/session.ts';
import { i18n, initI18n } from './i18n/i18n.ts';
import { createRouter, preloadSignIn, routes } from './router.tsx';
import { collectPaths } from './routing/collectPaths.ts';
import {
  handlePreloadError,
  markScreenLoaded,
  reloadTarget,
  screenLoadSucceeded,
} from './routing/preloadRecovery.ts';

const router = createRouter();

// Spec §2: a failed chunk preload reloads the page once (to the screen being opened); an
// uncancelled one is rethrown by Vite and the route's error screen shows it.
window.addEventListener('vite:preloadError', (event) => {
  handlePreloadError(event, window.sessionStorage, () => {
    const target = reloadTarget(router.state.navigation.location);
    if (target) window.location.assign(target);
    else window.location.reload();
  });
});
router.subscribe((state) => {
  if (screenLoadSucceeded(state)) markScreenLoaded(window.sessionStorage);
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

// The shell renders once the first translations are in: a router mounting inside a suspended tree can
// miss the end of its own initial load and stay on the fallback.
root.render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <FullPageLoader />
  </MantineProvider>,
);
const queryClient = createQueryClient();
const translations = initI18n();
// Issue 11 §7: every first screen waits for the current user (a protected one) or may send them
// on (the sign-in form): ask while the translations load, and without a session fetch the sign-in
// screen's chunks and texts at once, so the redirect finds them there.
void queryClient.query(meQuery).then(
  (me) => {
    if (me) return;
    preloadSignIn();
    void i18n.loadNamespaces('auth');
  },
  () => undefined,
);
void translations
  .catch((error: unknown) => {
    // Missing translations show their keys; the app itself still works.
    console.error('i18n initialisation failed', error);
  })
  .then(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} builtPaths={collectPaths(routes)} />
      </StrictMode>,
    );
  });
