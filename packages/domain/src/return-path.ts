// No zod here: the web's first load imports this (the 401 page and the login page).

/** The page the operator was on when a call answered 401, carried through the sign-in (`?returnTo=`). */
export const RETURN_TO_PARAM = 'returnTo';
/** Long enough for any console page with its query; short enough to ride in the sign-in's cookie. */
export const RETURN_TO_MAX_LENGTH = 1024;

/**
 * Where a sign-in returns: `path` when it is one of the console's own paths, otherwise the start page.
 * One leading slash (`//host` and `/\host` would leave the console), printable ASCII only (a browser drops
 * tabs and line breaks, so `/\t/host` is `//host`; a location is percent-encoded anyway), bounded.
 */
export function consoleReturnPath(path: unknown): string {
  return typeof path === 'string' &&
    path.length <= RETURN_TO_MAX_LENGTH &&
    /^\/(?![/\\])[\x21-\x7e]*$/.test(path)
    ? path
    : '/';
}
