/**
 * What changed in each release, newest first. Each change is a key in the `changelog` namespace
 * (`changes.<key>`), so the log reads in the user's language.
 */
export interface Release {
  version: string;
  date: string;
  changes: readonly string[];
}

export const RELEASES: readonly Release[] = [
  {
    version: '0.2.0',
    date: '2026-11-25',
    changes: ['upload', 'search', 'player', 'folders', 'recycleBin', 'activity'],
  },
  {
    version: '0.1.0',
    date: '2026-11-22',
    changes: ['signIn', 'passwordReset', 'mfa', 'apiKeys', 'administration', 'languages'],
  },
];
