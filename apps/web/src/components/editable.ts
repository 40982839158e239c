/** Whether a key pressed here is typing (a field, an editable element): screen-wide shortcuts leave it alone. */
export function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [role="textbox"]') !== null)
  );
}
