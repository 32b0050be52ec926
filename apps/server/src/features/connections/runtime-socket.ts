import { randomUUID } from 'node:crypto';
import { environmentIdSchema } from '@console/domain/environment';
import { DomainError, ErrorCode } from '@console/domain/errors';
import { principalSchema, RUNTIME_CONNECT_PATH } from '@console/domain/operations';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findUsableRuntimeKey } from '../delivery/delivery.public.ts';

// Decision (docs/decisions/0112): the game clients' protocol.
const connectQuerySchema = z.object({
  configuration: environmentIdSchema.optional(),
  principal: principalSchema,
  key: z.string().max(200).optional(),
});
type ConnectQuery = z.infer<typeof connectQuerySchema>;

const HEARTBEAT_MS = 30_000;
/** WebSocket's own code for an unexpected condition (RFC 6455 1011). */
const CLOSED_BY_SERVER_ERROR = { code: 1011, reason: 'Server error' } as const;
const MAX_MESSAGE_BYTES = 64 * 1024;

function presentedKey(request: FastifyRequest<{ Querystring: ConnectQuery }>): string {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? request.query.key ?? '';
}

/** `GET /runtime/connect`: game clients' WebSocket, authenticated by a runtime key, not a session. */
export async function runtimeSocketRoutes(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.connections.startHeartbeat(HEARTBEAT_MS);

  app.get<{ Querystring: ConnectQuery }>(
    RUNTIME_CONNECT_PATH,
    {
      websocket: true,
      schema: { querystring: connectQuerySchema },
      // Before the upgrade: a refused client gets a plain HTTP 401 and no socket. The key is checked in
      // the runtime API's key cache (features/delivery), so a connect does not query the database.
      preHandler: async (request) => {
        const environmentId = request.query.configuration ?? 'dev';
        const key = await findUsableRuntimeKey(app.runtimeKeyCache, environmentId, presentedKey(request));
        if (!key) throw new DomainError(ErrorCode.NotLoggedIn, 'Invalid runtime key');
        request.runtimeKeyId = key.keyId;
      },
    },
    (socket, request) => {
      const id = randomUUID();
      const environmentId = request.query.configuration ?? 'dev';
      // Attached at once: @fastify/websocket drops messages that arrive before a handler exists.
      socket.on('message', (data) => {
        // The only client message: {"type":"ping"}; anything else is ignored.
        if (data.toString() === '{"type":"ping"}') socket.send(JSON.stringify({ type: 'pong' }));
      });
      const connection = {
        id,
        environmentId,
        principal: request.query.principal,
        address: request.ip,
        keyId: request.runtimeKeyId ?? '',
        connected: Date.now(),
        socket,
      };
      app.connections.register(connection).then(
        (outcome) => {
          if (outcome === 'limit')
            request.log.warn({ keyId: connection.keyId }, 'runtime key at its connection limit');
          if (outcome !== 'added') return;
          // Welcomed once recorded: a listing from any process after the welcome shows it.
          socket.send(JSON.stringify({ type: 'welcome', connectionId: id, environment: environmentId }));
          request.log.info({ connectionId: id, environmentId }, 'game client connected');
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'could not record a game client connection');
          socket.close(CLOSED_BY_SERVER_ERROR.code, CLOSED_BY_SERVER_ERROR.reason);
        },
      );
    },
  );
}
