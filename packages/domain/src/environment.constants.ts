// No zod here: the web's first load imports these (docs/decisions/0021); the schemas are
// in environment.ts.

// Known ids; created with 'no description' when none is given.
export const SEEDED_ENVIRONMENTS = ['dev', 'stable', 'prod'] as const;
export const DEFAULT_ENVIRONMENT_DESCRIPTION = 'no description';

/** `?configuration=<id>`: the environment a call acts on when none is given. */
export const DEFAULT_ENVIRONMENT = 'dev';

export const ENVIRONMENT_ID_MAX_LENGTH = 36;
export const ENVIRONMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;

/** The environment id's rule in the operator's words, shown beside the field as it is typed. */
export const ENVIRONMENT_ID_RULE = `Letters, digits, - and _, at most ${ENVIRONMENT_ID_MAX_LENGTH}; a space becomes -`;

const WHITESPACE = /\s/gu;
const COMBINING_MARKS = /\p{M}/gu;
const OUTSIDE_ALPHABET = /[^A-Za-z0-9_-]/g;

/**
 * The id as the operator types it, cleaned to ENVIRONMENT_ID_PATTERN the way an A/B-test ID is
 * (sanitizeAbTestId): accents are stripped (é → e), each whitespace character becomes '-', anything else
 * (right-to-left letters and controls, punctuation) is dropped, and the result is cut to 36 characters. No
 * trimming, so a typed space can become the next word separator. Idempotent.
 */
export function sanitizeEnvironmentId(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(WHITESPACE, '-')
    .replace(OUTSIDE_ALPHABET, '')
    .slice(0, ENVIRONMENT_ID_MAX_LENGTH);
}

/** The 404 of a call naming an environment that does not exist or is archived (the web re-lists on it). */
export const unknownEnvironmentMessage = (id: string) => `Unknown environment ${id}`;
