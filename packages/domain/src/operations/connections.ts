import { z } from 'zod';
import { visibleIdentifier } from '../api/identifier-text.ts';

// Client Connections: ID, Principal, Remote Address; an empty list shows this text.
export const NO_CONNECTIONS_TEXT = 'No connections';

export const connectionSchema = z.object({
  id: z.string(),
  principal: z.string(),
  address: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListResponseSchema = z.array(connectionSchema);

export const closeConnectionRequestSchema = z.object({
  id: z
    .string({ error: 'id must be a text' })
    .min(1, { error: 'id must not be empty' })
    .max(200, { error: 'id must be at most 200 characters' }),
});
export type CloseConnectionRequest = z.infer<typeof closeConnectionRequestSchema>;

// ---- the game clients' WebSocket (decision: docs/decisions/0112) ----

/** Game clients connect here with `?configuration=<env>&principal=<player id>` and a runtime key. */
export const RUNTIME_CONNECT_PATH = '/runtime/connect';

/** Close code and reason a client sees when an operator deletes its connection (4000-4999: application codes). */
export const CLOSED_BY_OPERATOR = { code: 4000, reason: 'Closed by operator' } as const;

/** Close code when the server shuts down. */
export const CLOSED_BY_SHUTDOWN = { code: 1001, reason: 'Server shutting down' } as const;

/** Close code when the connection's runtime key is revoked. */
export const CLOSED_BY_KEY_REVOKED = { code: 4001, reason: 'Runtime key revoked' } as const;

/** Close code when the runtime key already holds its maximum of live connections (all server processes). */
export const CLOSED_BY_CONNECTION_LIMIT = {
  code: 4002,
  reason: 'Too many connections for this runtime key',
} as const;

/** The player id a game client presents as its principal: an opaque text of 1-64 characters. */
export const PRINCIPAL_MAX_LENGTH = 64;
export const principalSchema = visibleIdentifier(
  z
    .string({ error: 'principal must be a text' })
    .trim()
    .min(1, { error: 'principal must not be empty' })
    .max(PRINCIPAL_MAX_LENGTH, { error: `principal must be at most ${PRINCIPAL_MAX_LENGTH} characters` }),
  'principal',
);
