// No zod here: the web's first load imports these (docs/decisions.md, "First load"); the schemas are
// in environment.ts.

// Known ids; created with 'no description' when none is given.
export const SEEDED_ENVIRONMENTS = ['dev', 'stable', 'prod'] as const;
export const DEFAULT_ENVIRONMENT_DESCRIPTION = 'no description';

/** `?configuration=<id>`: the environment a call acts on when none is given. */
export const DEFAULT_ENVIRONMENT = 'dev';

export const ENVIRONMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;

/** The 404 of a call naming an environment that does not exist or is archived (the web re-lists on it). */
export const unknownEnvironmentMessage = (id: string) => `Unknown environment ${id}`;
