import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  CLOSED_BY_CONNECTION_LIMIT,
  CLOSED_BY_KEY_REVOKED,
  CLOSED_BY_OPERATOR,
  type Connection,
} from '@console/domain/operations';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DbListener } from '../../db/listener.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { findRevokedKeyIds } from '../runtime-keys/runtime-keys.public.ts';
import { type CloseReason, ConnectionRegistry, type LiveConnection } from './connection-registry.ts';
import {
  CONNECTION_CLOSE_CHANNEL,
  countLiveConnectionsOfKey,
  countLiveProcesses,
  deleteConnection,
  deleteDeadProcesses,
  deleteProcess,
  findLiveConnection,
  insertConnections,
  listConnectionIdsOfProcess,
  listLiveConnections,
  lockKeyConnects,
  notifyConnectionClose,
  touchProcess,
  upsertProcess,
} from './connections.store.ts';

/** How often a process refreshes its heartbeat and checks its connections against the database. */
export const PROCESS_HEARTBEAT_MS = 10_000;
/** A process silent this long counts as gone: its connections are neither listed nor counted. */
export const PROCESS_STALE_MS = 30_000;
/** ...and this long, it is removed with its connections. */
export const PROCESS_DEAD_MS = 5 * 60_000;

export type RegisterOutcome = 'added' | 'revoked' | 'limit' | 'gone';

/** What one process asks the others on CONNECTION_CLOSE_CHANNEL: close a connection, or a key's. */
interface CloseMessage extends CloseReason {
  id?: string;
  keyId?: string;
}

export interface SharedConnectionRegistryOptions {
  db: Db;
  listener: DbListener;
  /** Live connections one runtime key may hold over all processes. */
  maxConnectionsPerKey: number;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

/**
 * The live connection registry of every console process on one database (scale out). Each
 * process keeps its own sockets (ConnectionRegistry) and a row per socket under its process row; any
 * process lists from the rows and closes through them: it deletes the row and, when another process
 * holds the socket, sends NOTIFY so that one closes it. Rows of a process whose heartbeat stopped are
 * ignored, then removed. Every heartbeat the process also closes what the rows say was closed
 * elsewhere (a NOTIFY lost while its LISTEN connection was down) and keys revoked meanwhile.
 */
export class SharedConnectionRegistry extends ConnectionRegistry {
  readonly processId = randomUUID();
  /** Connections whose row is written: only those can have been closed through the database. */
  private readonly recorded = new Set<string>();
  private isProcessRecorded = false;
  private liveProcesses = 1;
  private isStopping = false;
  private timer: NodeJS.Timeout | undefined;
  /** The heartbeat running now, if any. */
  private ticking: Promise<void> | undefined;
  /** The heartbeat asked for while one ran: it starts when that one ends (what checkNow answers meanwhile). */
  private nextTick: Promise<void> | undefined;

  constructor(private readonly options: SharedConnectionRegistryOptions) {
    super();
  }

  async start(): Promise<void> {
    await this.options.listener.subscribe(CONNECTION_CLOSE_CHANNEL, (payload) =>
      this.onCloseMessage(payload),
    );
    // What was missed while LISTEN was down is read by a heartbeat that starts after the reconnect.
    this.options.listener.onReconnect(() => void this.checkNow());
    await this.recordProcess().catch((error) => this.report(error, 'could not record the server process'));
    this.timer = setInterval(() => void this.tick(), this.options.heartbeatMs ?? PROCESS_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Shutting down: the process row goes with all its connection rows at once (stop). */
  override closeAll(reason: CloseReason): void {
    this.isStopping = true;
    super.closeAll(reason);
  }

  /** After the sockets are closed: forget this process and its rows. */
  async stop(): Promise<void> {
    this.isStopping = true;
    clearInterval(this.timer);
    await this.ticking;
    await deleteProcess(this.options.db, this.processId).catch((error) =>
      this.report(error, 'could not remove the server process'),
    );
  }

  /**
   * Records the connection (refused when its key holds its maximum over all processes), then adds it
   * here. The client is told nothing until this settles, so a listing after its welcome shows it.
   */
  async register(connection: LiveConnection): Promise<RegisterOutcome> {
    const { db, maxConnectionsPerKey } = this.options;
    if (!this.isProcessRecorded) await this.recordProcess();
    const row = { ...connection, processId: this.processId };
    const isRecorded = await runInTransaction(db, async (tx) => {
      await lockKeyConnects(tx, connection.keyId);
      const live = await countLiveConnectionsOfKey(tx, connection.keyId, PROCESS_STALE_MS);
      if (live >= maxConnectionsPerKey) return false;
      await insertConnections(tx, [{ ...row, connected: undefined }]);
      return true;
    });
    const { socket } = connection;
    if (!isRecorded) {
      socket.close(CLOSED_BY_CONNECTION_LIMIT.code, CLOSED_BY_CONNECTION_LIMIT.reason);
      return 'limit';
    }
    // The client may have left, or its key been revoked, while the row was written.
    if (socket.readyState !== socket.OPEN || !this.add(connection)) {
      await deleteConnection(db, connection.id);
      return socket.readyState === socket.OPEN ? 'revoked' : 'gone';
    }
    this.recorded.add(connection.id);
    socket.on('close', () => {
      this.recorded.delete(connection.id);
      if (this.isStopping) return;
      deleteConnection(db, connection.id).catch((error) =>
        this.report(error, 'could not remove a closed connection'),
      );
    });
    return 'added';
  }

  /**
   * The environment's connections on every live process, oldest first. A revoked key's connections are
   * left out from the revocation's commit on, before their processes have closed them.
   */
  async listShared(environmentId: string): Promise<Connection[]> {
    const connections = await listLiveConnections(this.options.db, environmentId, PROCESS_STALE_MS);
    const revoked = new Set(
      await findRevokedKeyIds(this.options.db, [...new Set(connections.map((c) => c.keyId))]),
    );
    return connections
      .filter((c) => !revoked.has(c.keyId))
      .map(({ id, principal, address }) => ({ id, principal, address }));
  }

  /** One of the environment's connections on a live process, null when there is none (or its key is revoked). */
  async findShared(environmentId: string, id: string) {
    const connection = await findLiveConnection(this.options.db, environmentId, id, PROCESS_STALE_MS);
    if (!connection || (await findRevokedKeyIds(this.options.db, [connection.keyId])).length > 0) return null;
    const { keyId: _keyId, ...found } = connection;
    return found;
  }

  /** Closes the socket when this process holds it; true when it did. */
  closeLocal(id: string, reason: CloseReason): boolean {
    const connection = this.connections.get(id);
    if (!connection) return false;
    this.close(connection, reason);
    return true;
  }

  /** Closes the key's connections here and, through NOTIFY, on every other process. */
  override revokeKey(keyId: string, reason: CloseReason): number {
    const closed = super.revokeKey(keyId, reason);
    const message: CloseMessage = { keyId, ...reason };
    notifyConnectionClose(this.options.db, message).catch((error) =>
      this.report(error, 'could not tell other processes about a revoked key'),
    );
    return closed;
  }

  private onCloseMessage(payload: string): void {
    let message: CloseMessage;
    try {
      message = JSON.parse(payload) as CloseMessage;
    } catch {
      return;
    }
    const reason = { code: message.code, reason: message.reason };
    if (typeof message.id === 'string') this.closeLocal(message.id, reason);
    if (typeof message.keyId === 'string') super.revokeKey(message.keyId, reason);
  }

  private async recordProcess(): Promise<void> {
    await upsertProcess(this.options.db, { id: this.processId, host: hostname(), pid: process.pid });
    this.isProcessRecorded = true;
  }

  /**
   * How many console processes serve this database (this one included), as of the last heartbeat: what
   * shares a per-key cap that is not counted row by row (the event streams) among the processes.
   */
  get liveProcessCount(): number {
    return this.liveProcesses;
  }

  /**
   * A heartbeat that starts after this call (it also runs every PROCESS_HEARTBEAT_MS and after LISTEN
   * reconnects), so it reads what the caller changed before asking: when one runs already, having read
   * the rows before that change, the next starts once it ends. Calls meanwhile share that next one.
   */
  checkNow(): Promise<void> {
    const running = this.ticking;
    if (running === undefined) return this.tick();
    this.nextTick ??= running.then(() => {
      this.nextTick = undefined;
      return this.tick();
    });
    return this.nextTick;
  }

  /** One heartbeat, or the one running; never two at once, never after stop. */
  private tick(): Promise<void> {
    if (this.isStopping) return Promise.resolve();
    this.ticking ??= this.beat()
      .catch((error) => this.report(error, 'connection registry heartbeat failed'))
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  private async beat(): Promise<void> {
    const { db } = this.options;
    if (!(await touchProcess(db, this.processId))) {
      // Removed as dead while the database was out of reach: write this process and its sockets again.
      this.isProcessRecorded = false;
      await this.recordProcess();
      const rows = [...this.connections.values()].map((connection) => ({
        ...connection,
        processId: this.processId,
      }));
      await insertConnections(db, rows);
      for (const row of rows) this.recorded.add(row.id);
    } else {
      await this.closeWhatWasClosedElsewhere();
    }
    await deleteDeadProcesses(db, PROCESS_DEAD_MS);
    this.liveProcesses = Math.max(1, await countLiveProcesses(db, PROCESS_STALE_MS));
  }

  private async closeWhatWasClosedElsewhere(): Promise<void> {
    const { db } = this.options;
    const expected = [...this.recorded];
    if (expected.length > 0) {
      const present = new Set(await listConnectionIdsOfProcess(db, this.processId));
      // A row of a live process disappears only when an operator closed the connection.
      for (const id of expected) if (!present.has(id)) this.closeLocal(id, CLOSED_BY_OPERATOR);
    }
    const keyIds = [...new Set([...this.connections.values()].map((connection) => connection.keyId))];
    for (const keyId of await findRevokedKeyIds(db, keyIds)) super.revokeKey(keyId, CLOSED_BY_KEY_REVOKED);
  }

  private report(error: unknown, message: string): void {
    this.options.log.warn({ err: error, processId: this.processId }, message);
  }
}
