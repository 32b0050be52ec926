import { findInvisibleFormatting } from '../api/identifier-text.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import {
  MAX_ASSIGNMENTS,
  MAX_PLAYER_LEVEL,
  MAX_RESOLVE_AT_MS,
  MIN_RESOLVE_AT_MS,
  type ResolveRequest,
} from './runtime-api.ts';

// The resolve call's body checked by hand: a game server sends it for every player, and checking it
// with resolveRequestSchema costs more than resolving. It answers true only for a body that schema
// accepts unchanged (its one default, `context: {}`, is set here); anything else, wrong or merely
// unusual, answers false and goes through the schema, which words the errors. Each bound below is the
// schema's, field by field (runtime-api.ts); the tests hold them side by side.

const BODY_FIELDS = new Set(['userId', 'context', 'level', 'at', 'assignments', 'explain']);
const MAX_CASE_INDEX = 1000;

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
        if (typeof value !== 'string' || value.length > 64) return false;
        break;
      case 'FirstCountry':
        if (typeof value !== 'string' || value.length > 8) return false;
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
    if (id.length > 200 || id === '__proto__') return false;
    if (!isWholeIn(assignments[id], 0, MAX_CASE_INDEX)) return false;
  }
  return true;
}

/**
 * Whether `body` is a resolve request resolveRequestSchema takes as it is; when it is, its absent
 * `context` is set to `{}` as the schema's default does, and it can be used as the parsed request.
 */
export function acceptResolveRequest(body: unknown): body is ResolveRequest {
  if (!isPlainObject(body) || Object.getPrototypeOf(body) !== Object.prototype) return false;
  for (const name in body) if (Object.hasOwn(body, name) && !BODY_FIELDS.has(name)) return false;
  const { userId, context, level, at, assignments, explain } = body;
  if (typeof userId !== 'string' || userId.length < 1 || userId.length > 64) return false;
  // The schema's identifier rule: no bidirectional controls or zero-width characters
  if (findInvisibleFormatting(userId) !== null) return false;
  if (context !== undefined && !(isPlainObject(context) && isContextAccepted(context))) return false;
  if (level !== undefined && !isWholeIn(level, 1, MAX_PLAYER_LEVEL)) return false;
  if (at !== undefined && !isWholeIn(at, MIN_RESOLVE_AT_MS, MAX_RESOLVE_AT_MS)) return false;
  if (assignments !== undefined && !(isPlainObject(assignments) && isAssignmentsAccepted(assignments)))
    return false;
  if (explain !== undefined && typeof explain !== 'boolean') return false;
  if (context === undefined) body.context = {};
  return true;
}
