import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './player.module.css';
import type { PlayerKind } from './playerChoice.ts';

export type PlayerState = 'loading' | 'ready' | 'error' | 'no-media';

interface PlayerShellProps {
  kind: PlayerKind;
  state: PlayerState;
  rootRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * The player's root: focusable (the keys work while it has the focus), and marked for end-to-end
 * tests with data-testid="media-player", data-kind and data-state.
 */
export function PlayerShell({ kind, state, rootRef, children }: PlayerShellProps) {
  const { t } = useTranslation('player');
  const interactive = state !== 'no-media';
  return (
    <div
      ref={rootRef}
      className={classes.root}
      role="region"
      aria-label={t('label')}
      aria-busy={state === 'loading'}
      tabIndex={interactive ? 0 : undefined}
      data-testid="media-player"
      data-kind={kind}
      data-state={state}
    >
      {children}
    </div>
  );
}
