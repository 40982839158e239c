import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createRouter } from './router.tsx';
import { FullPageLoader } from './components/FullPageLoader.tsx';
import { LocalisedMantine } from './i18n/LocalisedMantine.tsx';
import { BuiltPathsContext } from './routing/builtPaths.ts';
import { theme } from './theme.ts';

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
  builtPaths: ReadonlySet<string>;
}

export function App({ queryClient, router, builtPaths }: AppProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <BuiltPathsContext value={builtPaths}>
          {/* Suspends until the first translations have loaded. */}
          <Suspense fallback={<FullPageLoader />}>
            <LocalisedMantine>
              <Notifications position="bottom-right" />
              <RouterProvider router={router} />
            </LocalisedMantine>
          </Suspense>
        </BuiltPathsContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
