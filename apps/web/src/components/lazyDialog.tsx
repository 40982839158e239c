import { Modal } from '@mantine/core';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { LazyPartError, lazyComponent } from './LazyPart.tsx';
import { LoadingState } from './LoadingState.tsx';

/** What a lazy dialog needs of its props. */
interface Openable {
  opened: boolean;
  onClose: () => void;
}

/**
 * A dialog from a chunk of its own: nothing is fetched until it first opens. While the chunk loads,
 * a dialog with a loader stands in; if it fails, one with the error and a reload button. Once opened
 * it stays mounted, closed or not, so it can fade out (and uploads go on in the background).
 */
export function lazyDialog<M, P extends Openable>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): (props: P) => ReactNode {
  const Dialog = lazyComponent(load, pick);
  return function LazyDialog(props: P) {
    const [mounted, setMounted] = useState(false);
    if (props.opened && !mounted) setMounted(true);
    if (!mounted) return null;
    const standIn = (content: ReactNode) => (
      <Modal opened={props.opened} onClose={props.onClose}>
        {content}
      </Modal>
    );
    return (
      <ErrorBoundary fallbackRender={({ error }) => standIn(<LazyPartError error={error} />)}>
        <Suspense fallback={standIn(<LoadingState />)}>
          <Dialog {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}
