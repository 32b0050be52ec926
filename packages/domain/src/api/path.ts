// No zod here: the web's first load imports this module (docs/decisions.md, "First load").

const PATH_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's params, in order: `/api/id/exist/:kind/:id` → ['kind', 'id']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
}

/** Fills a declared path with its params, each URI-encoded. */
export function endpointUrl(
  endpoint: { readonly path: string },
  params: Record<string, unknown> = {},
): string {
  return endpoint.path.replace(PATH_PARAM, (_all, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`${endpoint.path}: missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
}
