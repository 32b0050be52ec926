import { CLOSED_BY_OPERATOR, type CloseConnectionRequest, type Connection, notFound } from '@console/domain';
import type { Db } from '../../db/client.ts';
import { mutate } from '../audit/audit.service.ts';
import type { ConnectionRegistry } from './connection-registry.ts';

export const listConnections = (connections: ConnectionRegistry, environmentId: string): Connection[] =>
  connections.list(environmentId);

/** Audits the close, then (after commit) closes the socket with a reason the game client sees. */
export async function closeConnection(
  db: Db,
  connections: ConnectionRegistry,
  environmentId: string,
  request: CloseConnectionRequest,
  email: string,
): Promise<Connection> {
  const connection = connections.find(environmentId, request.id);
  if (!connection) throw notFound(`Connection '${request.id}' not found`);
  const { id, principal, address } = connection;
  await mutate(db, async () => ({
    result: undefined,
    audit: {
      environmentId,
      email,
      action: 'connection.close',
      target: id,
      attributes: { principal, address },
    },
  }));
  connections.close(connection, CLOSED_BY_OPERATOR);
  return { id, principal, address };
}
