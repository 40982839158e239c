import { describe, expect, it } from 'vitest';
import { NO_DIALOG, dialogReducer, viewDialog, type DialogAction, type DialogState } from './dialogState.ts';

type Dialog = { kind: 'create' } | { kind: 'edit'; id: string } | { kind: 'delete'; id: string };

function run(...actions: DialogAction<Dialog>[]): DialogState<Dialog> {
  return actions.reduce<DialogState<Dialog>>(dialogReducer, NO_DIALOG);
}

describe('dialog state', () => {
  it('shows nothing before a dialog is opened', () => {
    expect(viewDialog(run(), 'edit')).toEqual({ opened: false, data: null, opening: 0 });
  });

  it('opens a dialog with its data', () => {
    const state = run({ type: 'open', dialog: { kind: 'edit', id: 'a' } });
    expect(viewDialog(state, 'edit')).toEqual({ opened: true, data: { kind: 'edit', id: 'a' }, opening: 1 });
    expect(viewDialog(state, 'delete')).toEqual({ opened: false, data: null, opening: 0 });
  });

  it('keeps the data of a closed dialog until it has faded out', () => {
    const open = { type: 'open', dialog: { kind: 'edit', id: 'a' } } as const;
    const closing = run(open, { type: 'close' });
    expect(viewDialog(closing, 'edit')).toEqual({
      opened: false,
      data: { kind: 'edit', id: 'a' },
      opening: 1,
    });

    const closed = run(open, { type: 'close' }, { type: 'exited', kind: 'edit' });
    expect(viewDialog(closed, 'edit')).toEqual({ opened: false, data: null, opening: 0 });
  });

  it('keeps the closing dialog’s data when another one opens', () => {
    const state = run(
      { type: 'open', dialog: { kind: 'create' } },
      { type: 'open', dialog: { kind: 'delete', id: 'b' } },
    );
    expect(viewDialog(state, 'create')).toEqual({ opened: false, data: { kind: 'create' }, opening: 1 });
    expect(viewDialog(state, 'delete')).toEqual({
      opened: true,
      data: { kind: 'delete', id: 'b' },
      opening: 2,
    });

    const faded = dialogReducer(state, { type: 'exited', kind: 'create' });
    expect(viewDialog(faded, 'create').data).toBeNull();
    expect(viewDialog(faded, 'delete').data).toEqual({ kind: 'delete', id: 'b' });
  });

  it('keeps the new data of a dialog opened again while it was fading out', () => {
    const state = run(
      { type: 'open', dialog: { kind: 'edit', id: 'a' } },
      { type: 'close' },
      { type: 'open', dialog: { kind: 'edit', id: 'a' } },
      { type: 'exited', kind: 'edit' },
    );
    // A new opening, even of the same item: its form starts afresh.
    expect(viewDialog(state, 'edit')).toEqual({ opened: true, data: { kind: 'edit', id: 'a' }, opening: 2 });
  });

  it('leaves the state alone when there is nothing to change', () => {
    const none = run();
    expect(dialogReducer(none, { type: 'close' })).toBe(none);
    expect(dialogReducer(none, { type: 'exited', kind: 'edit' })).toBe(none);
  });
});
