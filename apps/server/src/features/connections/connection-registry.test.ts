import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ConnectionRegistry } from './connection-registry.ts';

/** Just enough of a socket to see how the registry closes it. */
class RecordingSocket extends EventEmitter {
  closedWith: [number, string] | null = null;
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
  }
}

const connectionOf = (socket: RecordingSocket, keyId: string) => ({
  id: `c-${keyId}`,
  environmentId: 'dev',
  principal: 'player-1',
  address: '127.0.0.1',
  keyId,
  connected: Date.now(),
  socket: socket as unknown as WebSocket,
});

describe('connection registry', () => {
  const revoked = { code: 4001, reason: 'Runtime key revoked' };

  it('closes a client whose upgrade completes after its key was revoked', () => {
    const registry = new ConnectionRegistry();
    // Authenticated before the revocation committed, upgraded after it.
    registry.revokeKey('key-1', revoked);
    const socket = new RecordingSocket();
    expect(registry.add(connectionOf(socket, 'key-1'))).toBe(false);
    expect(socket.closedWith).toEqual([4001, 'Runtime key revoked']);
    expect(registry.list('dev')).toEqual([]);
  });

  it('closes the live connections of a revoked key and keeps the others', () => {
    const registry = new ConnectionRegistry();
    const kept = new RecordingSocket();
    const closed = new RecordingSocket();
    registry.add(connectionOf(kept, 'key-2'));
    registry.add(connectionOf(closed, 'key-1'));
    expect(registry.revokeKey('key-1', revoked)).toBe(1);
    expect(closed.closedWith).toEqual([4001, 'Runtime key revoked']);
    expect(kept.closedWith).toBeNull();
    expect(registry.list('dev').map((connection) => connection.principal)).toEqual(['player-1']);
  });
});
