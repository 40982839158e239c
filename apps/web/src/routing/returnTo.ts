import { PATHS } from './paths.ts';

export const RETURN_TO_PARAM = 'returnTo';

const PUBLIC_PREFIXES = [PATHS.login, '/public', PATHS.signInCode];

function isPublicPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

/**
 * The in-app path to go to after sign-in. Only same-origin absolute paths are accepted (no `//host`,
 * no `/\host`, no scheme), and never a public screen, so a crafted link cannot send the user elsewhere.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return PATHS.searchItem;
  if (hasControlCharacter(raw)) return PATHS.searchItem;
  if (isPublicPath(raw)) return PATHS.searchItem;
  return raw;
}

/** The login screen's path, remembering where to come back to. */
export function loginPath(returnTo: string): string {
  const target = safeReturnTo(returnTo);
  if (target === PATHS.searchItem) return PATHS.login;
  return `${PATHS.login}?${RETURN_TO_PARAM}=${encodeURIComponent(target)}`;
}
