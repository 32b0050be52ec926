import type { z } from 'zod';
import { findInvisibleFormatting } from '../api/identifier-text.ts';
import { findPrototypeKey } from '../api/prototype-keys.ts';
import { describeFieldPath, quoteInput } from '../api/quoted-input.ts';
import { findUnstorableText } from '../api/storable-text.ts';
import { DomainError, ErrorCode } from '../errors.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import {
  MAX_ASSIGNMENTS,
  MAX_PLAYER_LEVEL,
  MAX_RESOLVE_AT_MS,
  MIN_RESOLVE_AT_MS,
  type ResolveRequest,
  resolveRequestSchema,
} from './runtime-api.ts';

// The resolve call's body checked by hand: a game server sends it for every player, and checking it
// with resolveRequestSchema costs more than resolving. It answers true only for a body that schema
// accepts unchanged (its one default, `context: {}`, is set here); anything else, wrong or merely
// unusual, answers false and goes through the schema, which words the errors. Each bound below is the
// schema's, field by field (runtime-api.ts); the tests hold them side by side. It also answers false for
// any text holding NUL or a surrogate, which the storable-text guard words, so a body it takes needs no
// other check (its field names are known ones, none of them `__proto__` or `constructor`).

const BODY_FIELDS = new Set(['userId', 'context', 'level', 'at', 'assignments', 'explain']);
const MAX_CASE_INDEX = 1000;

// Any character an unstorable text starts at (api/storable-text.ts): rare, and the slow path words it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;
const isShortText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && !MAYBE_UNSTORABLE.test(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isWholeIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function isContextAccepted(context: Record<string, unknown>): boolean {
  for (const name in context) {
    if (!Object.hasOwn(context, name)) continue;
    const value = context[name];
    switch (name) {
      case 'Platform':
      case 'ClientVersion':
        if (!isShortText(value, 64)) return false;
        break;
      case 'FirstCountry':
        if (!isShortText(value, 8)) return false;
        break;
      case 'Payer':
        if (typeof value !== 'boolean') return false;
        break;
      case 'PurchaseCount':
        if (!isWholeIn(value, 0, MAX_STORED_INTEGER)) return false;
        break;
      case 'PurchaseAmount':
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

function isAssignmentsAccepted(assignments: Record<string, unknown>): boolean {
  let count = 0;
  for (const id in assignments) {
    if (!Object.hasOwn(assignments, id)) continue;
    count += 1;
    if (count > MAX_ASSIGNMENTS) return false;
    if (!isShortText(id, 200) || id === '__proto__') return false;
    if (!isWholeIn(assignments[id], 0, MAX_CASE_INDEX)) return false;
  }
  return true;
}

/**
 * Whether `body` is a resolve request resolveRequestSchema takes as it is; when it is, its absent
 * `context` is set to `{}` as the schema's default does, and it can be used as the parsed request.
 */
export function acceptResolveRequest(body: unknown): body is ResolveRequest {
  if (!isAccepted(body)) return false;
  if (body.context === undefined) body.context = {};
  return true;
}

/** acceptResolveRequest without setting the default: the body is left as it is. */
function isAccepted(body: unknown): body is Record<string, unknown> {
  if (!isPlainObject(body) || Object.getPrototypeOf(body) !== Object.prototype) return false;
  for (const name in body) if (Object.hasOwn(body, name) && !BODY_FIELDS.has(name)) return false;
  const { userId, context, level, at, assignments, explain } = body;
  if (!isShortText(userId, 64) || userId.length < 1) return false;
  // The schema's identifier rule: no bidirectional controls or zero-width characters
  if (findInvisibleFormatting(userId) !== null) return false;
  if (context !== undefined && !(isPlainObject(context) && isContextAccepted(context))) return false;
  if (level !== undefined && !isWholeIn(level, 1, MAX_PLAYER_LEVEL)) return false;
  if (at !== undefined && !isWholeIn(at, MIN_RESOLVE_AT_MS, MAX_RESOLVE_AT_MS)) return false;
  if (assignments !== undefined && !(isPlainObject(assignments) && isAssignmentsAccepted(assignments)))
    return false;
  return explain === undefined || typeof explain === 'boolean';
}

/**
 * A resolve body refused: `message` is the 400's `{"error"}` text of POST /runtime/v1/resolve for the
 * same body, `path` the refused field from the top of the body (`[]` for the body itself), `field` that
 * path as the message names it (`body` for the body itself). Its `code` is BAD_INPUT, the code of a 400.
 */
export class ResolveInputError extends DomainError {
  readonly path: readonly (string | number)[];
  readonly field: string;
  constructor(message: string, path: readonly (string | number)[], field: string) {
    super(ErrorCode.BadInput, message);
    this.name = 'ResolveInputError';
    this.path = path;
    this.field = field;
  }
}

/** How long a refusal's text may be; zod's own wording may list input (the error handler's cap). */
const MESSAGE_MAX_LENGTH = 600;
/** How many unrecognised field names a refusal lists. */
const LISTED_KEYS = 5;

/**
 * The refusal of the first issue zod found, worded as the console words every schema refusal
 * (apps/server http/errors.ts): an unknown field first, since a misspelt field also leaves the right
 * one missing; the field named as the JSON pointer of the issue reads, so a name holding `/` names
 * several steps; a message over 600 characters cut.
 */
function refusalOf(issues: readonly z.core.$ZodIssue[]): ResolveInputError {
  const first = issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
  if (!first) return new ResolveInputError('body: is invalid', [], 'body');
  const steps = first.path
    .map(String)
    .join('/')
    .split('/')
    .filter((step) => step !== '');
  const field = steps.length > 0 ? describeFieldPath(steps) : 'body';
  let message = first.message;
  if (first.code === 'unrecognized_keys' && message.startsWith('Unrecognized key')) {
    const listed = first.keys.slice(0, LISTED_KEYS).map(quoteInput).join(', ');
    const more = first.keys.length > LISTED_KEYS ? ` and ${first.keys.length - LISTED_KEYS} more` : '';
    message = `Unrecognized key${first.keys.length === 1 ? '' : 's'}: ${listed}${more}`;
  }
  const shown = message.length > MESSAGE_MAX_LENGTH ? `${message.slice(0, MESSAGE_MAX_LENGTH)}…` : message;
  return new ResolveInputError(
    `${field}: ${shown}`,
    first.path.filter((step): step is string | number => typeof step !== 'symbol'),
    field,
  );
}

/**
 * The one check of a resolve body, run by POST /runtime/v1/resolve and by the SDK's resolve() alike:
 * the request to resolve (its absent `context` as `{}`; `body` itself is never changed), or a
 * ResolveInputError whose message is the 400's. In the order the console checks a body: its JSON
 * reader's prototype rule, text
 * PostgreSQL cannot store (NUL, a lone surrogate) anywhere in it first, as on every call with a body,
 * then resolveRequestSchema (the hand check above first, for the bodies game servers send).
 */
export function checkResolveRequest(body: unknown): ResolveRequest {
  // The bodies game servers send, taken by the hand check alone: no prototype key, no unstorable text.
  if (isAccepted(body)) {
    return (body.context === undefined ? { ...body, context: {} } : body) as ResolveRequest;
  }
  // The console's JSON reader refuses a key that would set an object's prototype where code merges
  // it (JSON.parse in a game server keeps such keys as plain fields), naming where it is.
  const prototypeKey = findPrototypeKey(body);
  if (prototypeKey) {
    const field = describeFieldPath(prototypeKey.path);
    throw new ResolveInputError(`${field}: ${prototypeKey.problem}`, prototypeKey.path, field);
  }
  const unstorable = findUnstorableText(body);
  if (unstorable) {
    const { path, problem } = unstorable;
    const field = path.length > 0 ? describeFieldPath(path) : 'body';
    throw new ResolveInputError(`${field}: ${problem}`, path, field);
  }
  const parsed = resolveRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw refusalOf(parsed.error.issues);
}
