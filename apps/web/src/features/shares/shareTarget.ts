/** What a new share or upload request is made of, as the screen that opens the form knows it. */
export type ShareTarget =
  | { kind: 'share'; itemIds: string[]; name: string }
  | { kind: 'share'; folderId: string; name: string }
  | { kind: 'uploadRequest'; folderId: string; name: string };

/** The day the form proposes: tomorrow, within any limit. */
export function defaultExpiryDate(now: Date): string {
  const next = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return next.toISOString().slice(0, 10);
}

/** A picked day means the end of that day where the user is. */
export function expiryOfDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 23, 59, 0).toISOString();
}
