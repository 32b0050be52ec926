import type { Connection } from '@console/domain/operations';
import type { WebSocket } from 'ws';

export interface LiveConnection extends Connection {
  environmentId: string;
  /** The runtime key it authenticated with, so revoking the key closes it. */
  keyId: string;
  connected: number;
  socket: WebSocket;
}

export interface CloseReason {
  code: number;
  reason: string;
}

/**
 * The game clients connected to this server process: a socket lives in one process. Listing and
 * closing across processes go through the database (SharedConnectionRegistry, docs/decisions/0114).
 */
export class ConnectionRegistry {
  protected readonly connections = new Map<string, LiveConnection>();
  private readonly isAlive = new WeakMap<WebSocket, boolean>();
  private heartbeat: NodeJS.Timeout | undefined;
  /**
   * Keys revoked while this process runs: a client authenticated just before the revocation may
   * finish its upgrade after it, and must be closed then rather than stay connected.
   */
  private readonly revokedKeys = new Map<string, CloseReason>();

  /** This process's game-client connections per environment (for metrics). */
  countByEnvironment(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { environmentId } of this.connections.values()) {
      counts.set(environmentId, (counts.get(environmentId) ?? 0) + 1);
    }
    return counts;
  }

  /** Pings every connection each interval and drops those that did not answer the previous ping. */
  startHeartbeat(intervalMs: number): void {
    this.heartbeat = setInterval(() => {
      for (const connection of this.connections.values()) {
        if (this.isAlive.get(connection.socket) === false) {
          this.connections.delete(connection.id);
          connection.socket.terminate();
          continue;
        }
        this.isAlive.set(connection.socket, false);
        connection.socket.ping();
      }
    }, intervalMs);
    this.heartbeat.unref();
  }

  /** Returns false, closing the socket, when its key was revoked during the upgrade. */
  add(connection: LiveConnection): boolean {
    const revoked = this.revokedKeys.get(connection.keyId);
    if (revoked) {
      connection.socket.close(revoked.code, revoked.reason);
      return false;
    }
    this.connections.set(connection.id, connection);
    this.isAlive.set(connection.socket, true);
    connection.socket.on('pong', () => this.isAlive.set(connection.socket, true));
    connection.socket.on('close', () => {
      if (this.connections.get(connection.id) === connection) this.connections.delete(connection.id);
    });
    return true;
  }

  /** Closes the key's connections, and any that completes its upgrade later. */
  revokeKey(keyId: string, reason: CloseReason): number {
    this.revokedKeys.set(keyId, reason);
    return this.closeWhere((connection) => connection.keyId === keyId, reason);
  }

  /** This environment's connections, oldest first, as the API shows them. */
  list(environmentId: string): Connection[] {
    return [...this.connections.values()]
      .filter((connection) => connection.environmentId === environmentId)
      .sort((a, b) => a.connected - b.connected)
      .map(({ id, principal, address }) => ({ id, principal, address }));
  }

  find(environmentId: string, id: string): LiveConnection | undefined {
    const connection = this.connections.get(id);
    return connection?.environmentId === environmentId ? connection : undefined;
  }

  /**
   * Closes with a reason the client sees. Removed from the list at once, not when the client
   * acknowledges, so a list right after the close no longer shows it (delete, then reload).
   */
  close(connection: LiveConnection, reason: CloseReason): void {
    this.connections.delete(connection.id);
    connection.socket.close(reason.code, reason.reason);
  }

  closeWhere(isToClose: (connection: LiveConnection) => boolean, reason: CloseReason): number {
    const matching = [...this.connections.values()].filter(isToClose);
    for (const connection of matching) this.close(connection, reason);
    return matching.length;
  }

  closeAll(reason: CloseReason): void {
    clearInterval(this.heartbeat);
    this.closeWhere(() => true, reason);
  }
}
