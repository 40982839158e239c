import { Modal } from '@mantine/core';
import { Suspense, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { LazyPartError, lazyComponent } from './LazyPart.tsx';
import { LoadingState } from './LoadingState.tsx';

/** What a lazy dialog needs of its props. */
interface Openable {
  opened: boolean;
  onClose: () => void;
}

/**
 * Gives the focus back to what had it when the dialog opened, once it closes (as Mantine's Modal
 * does, except for a modal that mounts open: the stand-in and the lazy dialog's first opening).
 */
function useReturnFocus(opened: boolean): void {
  const opener = useRef<Element | null>(null);
  // Before the focus trap's timer moves the focus into the dialog.
  useLayoutEffect(() => {
    if (opened) {
      opener.current = document.activeElement;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (!(target instanceof HTMLElement)) return;
    const atClose = document.activeElement;
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body || now === atClose) target.focus({ preventScroll: true });
    }, 10);
    return () => {
      window.clearTimeout(timer);
    };
  }, [opened]);
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
    useReturnFocus(props.opened);
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
