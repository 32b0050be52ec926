import { archivedKeyMessage } from '@console/domain/environment-archive';
import { DomainError, ErrorCode } from '@console/domain/errors';
import type { FastifyRequest } from 'fastify';
import { hashRuntimeKey, isRuntimeKeyShaped } from '../runtime-keys/runtime-keys.service.ts';
import type { RuntimeKeyCache, RuntimeKeyEntry } from './key-cache.ts';

const BEARER = 'bearer ';

const refused = (message: string) => new DomainError(ErrorCode.NotLoggedIn, message);

/** The key of `Authorization: Bearer rk_...`, or '' (a runtime key is never read from the URL: logs). */
function presentedKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.length <= BEARER.length) return '';
  if (header.slice(0, BEARER.length).toLowerCase() !== BEARER) return '';
  return header.slice(BEARER.length).trim();
}

/** The environment is the key's own; a `?configuration=` naming another is refused, not ignored. */
function checkEnvironment(request: FastifyRequest, key: RuntimeKeyEntry | null): RuntimeKeyEntry {
  if (!key) throw refused('Invalid runtime key');
  if (key.isRevoked) throw refused('This runtime key has been revoked');
  if (key.isEnvironmentArchived) {
    throw new DomainError(ErrorCode.Forbidden, archivedKeyMessage(key.environmentId));
  }
  const requested = (request.query as { configuration?: unknown }).configuration;
  if (requested !== undefined && requested !== '' && requested !== key.environmentId) {
    throw new DomainError(
      ErrorCode.Forbidden,
      `This runtime key reads environment '${key.environmentId}', not '${String(requested)}'`,
    );
  }
  return key;
}

/**
 * Who calls the runtime API: the runtime key's entry, from memory (a promise only the first time a
 * key is seen). Refusals are DomainErrors: 401 missing, unknown or revoked key, 403 another environment
 * or an archived one.
 */
export function authenticateRuntimeRequest(
  cache: RuntimeKeyCache,
  request: FastifyRequest,
): RuntimeKeyEntry | Promise<RuntimeKeyEntry> {
  const key = presentedKey(request);
  if (key === '') throw refused('A runtime key is required: Authorization: Bearer rk_...');
  if (!isRuntimeKeyShaped(key)) throw refused('Invalid runtime key');
  const found = cache.find(hashRuntimeKey(key));
  if (found instanceof Promise) return found.then((entry) => checkEnvironment(request, entry));
  return checkEnvironment(request, found);
}

/**
 * The usable key of `environmentId` that `key` is, from memory (a promise only the first time a key is
 * seen), or null: not a key, unknown, revoked, another environment's, or an archived environment's. For the game clients' WebSocket,
 * which names its environment rather than taking the key's own.
 */
export function findUsableRuntimeKey(
  cache: RuntimeKeyCache,
  environmentId: string,
  key: string,
): RuntimeKeyEntry | null | Promise<RuntimeKeyEntry | null> {
  if (!isRuntimeKeyShaped(key)) return null;
  const usableHere = (entry: RuntimeKeyEntry | null) =>
    entry && !entry.isRevoked && !entry.isEnvironmentArchived && entry.environmentId === environmentId
      ? entry
      : null;
  const found = cache.find(hashRuntimeKey(key));
  return found instanceof Promise ? found.then(usableHere) : usableHere(found);
}
