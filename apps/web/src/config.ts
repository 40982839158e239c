/** External help pages; opened from the profile menu's Help centre entry. */
export const HELP_CENTER_URL = 'https://help.skald.app/';

/** Page sizes of the admin and API key tables. */
export const PAGE_SIZE = 25;
