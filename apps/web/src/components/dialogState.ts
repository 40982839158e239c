/**
 * Which of a page's dialogs is open, and what each one shows. A dialog (a Mantine Modal) fades out
 * after it is closed, so its data is kept until its exit transition ends: clearing it at once would
 * show other content (a different title, an empty form) while it fades.
 */

/** One dialog of a page and its data; `kind` names the dialog (one Modal per kind). */
export interface DialogData {
  kind: string;
}

interface Shown<D extends DialogData> {
  dialog: D;
  /** Which opening this is, so that each one starts afresh (a form keyed with it). */
  opening: number;
}

export interface DialogState<D extends DialogData> {
  /** The open dialog's kind; at most one is open. */
  open: D['kind'] | null;
  /** The data of each dialog that is open or still closing, by kind. */
  shown: Partial<Record<D['kind'], Shown<D>>>;
  /** How many times a dialog has been opened. */
  openings: number;
}

export type DialogAction<D extends DialogData> =
  | { type: 'open'; dialog: D }
  | { type: 'close' }
  /** The dialog of this kind has finished fading out. */
  | { type: 'exited'; kind: D['kind'] };

export const NO_DIALOG: DialogState<never> = { open: null, shown: {}, openings: 0 };

export function dialogReducer<D extends DialogData>(
  state: DialogState<D>,
  action: DialogAction<D>,
): DialogState<D> {
  switch (action.type) {
    case 'open': {
      const openings = state.openings + 1;
      const kind: D['kind'] = action.dialog.kind;
      return {
        open: kind,
        shown: { ...state.shown, [kind]: { dialog: action.dialog, opening: openings } },
        openings,
      };
    }
    case 'close':
      return state.open === null ? state : { ...state, open: null };
    case 'exited': {
      // Opened again before it had faded out: it keeps its new data.
      if (state.open === action.kind || !(action.kind in state.shown)) return state;
      const shown = Object.fromEntries(
        Object.entries(state.shown).filter(([kind]) => kind !== action.kind),
      ) as DialogState<D>['shown'];
      return { ...state, shown };
    }
  }
}

/** What the dialog of one kind shows: its data while it is open or closing, null otherwise. */
export interface DialogView<D extends DialogData> {
  opened: boolean;
  data: D | null;
  /** Changes with each opening; 0 before the first. */
  opening: number;
}

export function viewDialog<D extends DialogData, K extends D['kind']>(
  state: DialogState<D>,
  kind: K,
): DialogView<Extract<D, { kind: K }>> {
  const shown = state.shown[kind];
  return {
    opened: state.open === kind,
    // `shown[kind]` only ever holds a dialog of that kind (see 'open').
    data: (shown?.dialog ?? null) as Extract<D, { kind: K }> | null,
    opening: shown?.opening ?? 0,
  };
}
