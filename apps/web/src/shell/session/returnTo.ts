import { consoleReturnPath, RETURN_TO_PARAM } from '@console/domain/return-path';

/** The sign-in page (or the server's provider sign-in), returning to `path` (path and query) afterwards. */
export const loginPathReturningTo = (loginPath: string, path: string): string =>
  path === '/' ? loginPath : `${loginPath}?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}`;

/** Where to go after signing in: the carried page when it is one of the console's own paths, else `/`. */
export const returnPathOf = (params: URLSearchParams): string =>
  consoleReturnPath(params.get(RETURN_TO_PARAM));
