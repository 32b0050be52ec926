import { DomainError, ErrorCode } from '@console/domain';
import type { FastifyRequest } from 'fastify';
import { hashRuntimeKey } from '../runtime-keys/runtime-keys.service.ts';
import { findUsableRuntimeKeyOfAnyEnvironment } from './runtime-grants-auth.store.ts';

export interface RuntimeCaller {
  /** The key's own environment: the only one the request may read. */
  environmentId: string;
  keyId: string;
}

const KEY_PREFIX = 'rk_';

/**
 * Who calls /runtime/v1 (issue 13): the runtime key in `Authorization: Bearer rk_...` (401 when missing,
 * unknown or revoked). The environment is the key's own; a `?configuration=` naming another one is
 * refused (403) rather than ignored, so a misconfigured game server fails loudly.
 * Stand-in until the runtime API's key cache lands: it reads the key from the database on every call.
 */
export async function authenticateRuntimeRequest(request: FastifyRequest): Promise<RuntimeCaller> {
  const presented = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
  const key =
    presented.startsWith(KEY_PREFIX) && presented.length <= 200
      ? await findUsableRuntimeKeyOfAnyEnvironment(request.server.db, hashRuntimeKey(presented))
      : null;
  if (!key) throw new DomainError(ErrorCode.NotLoggedIn, 'Invalid runtime key');
  const requested = (request.query as Record<string, unknown> | undefined)?.configuration;
  if (requested !== undefined && requested !== '' && requested !== key.environmentId) {
    throw new DomainError(
      ErrorCode.Forbidden,
      `This runtime key reads environment '${key.environmentId}', not '${String(requested)}'`,
    );
  }
  return { environmentId: key.environmentId, keyId: key.id };
}
