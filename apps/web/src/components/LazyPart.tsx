import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { importChunk } from '../routing/lazyScreen.ts';
import { isChunkLoadError } from '../routing/preloadRecovery.ts';
import { reloadPage } from '../routing/reloadPage.ts';
import { ErrorState } from './ErrorState.tsx';

/** A component from a chunk of its own, for React's `lazy` (see importChunk). */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => ({ default: pick(await importChunk(load)) }));
}

/**
 * In place of a lazy part whose chunk failed to load (after the one automatic reload); any other
 * error goes on to the screen's error boundary.
 */
export function LazyPartError({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!isChunkLoadError(error)) throw error;
  return (
    <ErrorState
      error={error}
      title={t('chunkPart.title')}
      message={t('chunk.description')}
      onRetry={reloadPage}
      retryLabel={t('reload')}
    />
  );
}

/** A lazily loaded part of a screen: `loading` while its chunk loads, LazyPartError if that fails. */
export function LazyPart({ loading, children }: { loading: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={LazyPartError}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  );
}
