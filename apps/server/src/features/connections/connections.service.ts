import { notFound } from '@console/domain/errors';
import { CLOSED_BY_OPERATOR, type CloseConnectionRequest, type Connection } from '@console/domain/operations';
import type { EnvironmentContext } from '../../context.ts';
import { deleteConnection, notifyConnectionClose } from './connections.store.ts';
import type { SharedConnectionRegistry } from './shared-connection-registry.ts';

/** The environment's live connections on every server process, oldest first. */
export const listConnections = (ctx: EnvironmentContext, connections: SharedConnectionRegistry) =>
  connections.listShared(ctx.environmentId);

/**
 * Removes the connection from the registry and audits it in one transaction; the process holding the
 * socket closes it with a reason the game client sees: this one at once, another on the NOTIFY that
 * the commit delivers.
 */
export async function closeConnection(
  ctx: EnvironmentContext,
  connections: SharedConnectionRegistry,
  request: CloseConnectionRequest,
): Promise<Connection> {
  const connection = await connections.findShared(ctx.environmentId, request.id);
  const missing = () => notFound(`Connection '${request.id}' not found`);
  if (!connection) throw missing();
  const { id, principal, address, processId } = connection;
  return ctx.mutate(async ({ tx, audit, afterCommit }) => {
    // Gone meanwhile (the client left, or another operator closed it): nothing to close or audit.
    if (!(await deleteConnection(tx, id))) throw missing();
    if (processId !== connections.processId) await notifyConnectionClose(tx, { id, ...CLOSED_BY_OPERATOR });
    afterCommit(() => connections.closeLocal(id, CLOSED_BY_OPERATOR));
    audit({
      action: 'connection.close',
      target: id,
      attributes: { principal, address },
    });
    return { id, principal, address };
  });
}
