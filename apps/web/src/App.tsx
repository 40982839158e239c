import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createRouter } from './router.tsx';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { LazyPart, lazyComponent } from './components/LazyPart.tsx';
import { LocalisedMantine } from './i18n/LocalisedMantine.tsx';
import { BuiltPathsContext } from './routing/builtPaths.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// Notifications shown before it has loaded wait in Mantine's notifications store.
const Notifications = lazyComponent(
  () => import('./components/NotificationsContainer.tsx'),
  (module) => module.NotificationsContainer,
);

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
  builtPaths: ReadonlySet<string>;
}

export function App({ queryClient, router, builtPaths }: AppProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <BuiltPathsContext value={builtPaths}>
          {/* Suspends until the first translations have loaded. */}
          <Suspense fallback={<FullPageLoader />}>
            <LocalisedMantine>
              <LazyPart loading={null}>
                <Notifications />
              </LazyPart>
              <RouterProvider router={router} />
            </LocalisedMantine>
          </Suspense>
        </BuiltPathsContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
