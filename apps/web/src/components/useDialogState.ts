import { useReducer } from 'react';
import { NO_DIALOG, dialogReducer, viewDialog, type DialogData } from './dialogState.ts';

/** What a dialog component takes from useDialogState, besides its data: spread onto it. */
export interface DialogProps {
  opened: boolean;
  /** Changes with each opening: key the dialog's form with it. */
  opening: number;
  onClose: () => void;
  /** Pass on to Mantine's Modal: clears the dialog's data once it has faded out. */
  onExitTransitionEnd: () => void;
}

/**
 * A page's dialogs, one per `kind`, at most one open. A closed dialog keeps its data while it fades
 * out, so it does not change (title, form) as it goes.
 */
export function useDialogState<D extends DialogData>() {
  const [state, dispatch] = useReducer(dialogReducer<D>, NO_DIALOG);
  const close = () => {
    dispatch({ type: 'close' });
  };
  return {
    open: (dialog: D) => {
      dispatch({ type: 'open', dialog });
    },
    close,
    /** The dialog of this kind: its data (null before it is first opened) and its props. */
    of: <K extends D['kind']>(kind: K) => {
      const { opened, data, opening } = viewDialog(state, kind);
      const props: DialogProps = {
        opened,
        opening,
        onClose: close,
        onExitTransitionEnd: () => {
          dispatch({ type: 'exited', kind });
        },
      };
      return { data, props };
    },
  };
}
