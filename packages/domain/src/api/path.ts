// No zod here: the web's first load imports this module (docs/decisions/0021).

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

const WORDS = /[A-Za-z0-9]+/g;
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The OpenAPI operationId of a call, derived from its declared path so no declaration names it:
 * the path's words in camelCase, each param as `By<Param>`, the method first when the path answers
 * more than one (`/api/abtest/versions/save` → abtestVersionsSave, `/api/id/exist/:kind/:id` →
 * idExistByKindById, GET `/logout` beside POST → getLogout). `/api` is left out: every operator call has it.
 */
export function operationIdOf(path: string, method?: string): string {
  const segments = path
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.flatMap((segment) => {
    const param = /^(?::|\{)([^}]+)\}?$/.exec(segment);
    if (param) return ['By', ...(param[1]!.match(WORDS) ?? []).map(capitalise)];
    return segment.match(WORDS) ?? [];
  });
  const all = method === undefined ? words : [method.toLowerCase(), ...words];
  return all.map((word, index) => (index === 0 ? word.toLowerCase() : capitalise(word))).join('');
}
