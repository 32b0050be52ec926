/** The page the operator was on when a call answered 401, carried through the sign-in page. */
export const RETURN_TO_PARAM = 'returnTo';

/** The sign-in page, returning to `path` (the console's own path and query) afterwards. */
export const loginPathReturningTo = (loginPath: string, path: string): string =>
  path === '/' ? loginPath : `${loginPath}?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}`;

/**
 * Where to go after signing in: the carried page when it is one of the console's own paths (a single
 * leading slash: `//host` or `/\host` would leave the console), otherwise the start page.
 */
export function returnPathOf(params: URLSearchParams): string {
  const path = params.get(RETURN_TO_PARAM);
  return path && /^\/(?![/\\])/.test(path) ? path : '/';
}
