import {
  CLOSED_BY_CONNECTION_LIMIT,
  CLOSED_BY_KEY_REVOKED,
  CLOSED_BY_OPERATOR,
  type Connection,
  type CreatedRuntimeKey,
} from '@console/domain/operations';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestApp, waitUntilLockWaiters } from '../../../test/helpers.ts';
import { connectGameClient, type GameClient, refusal } from './game-client.testing.ts';

// The registry as the database holds it (scale out), seen from one process: another process's
// rows are written here by hand; two real processes are in test/two-processes.test.ts.

describe('the live connection registry shared through the database', () => {
  let t: TestApp;
  let cookie: string;
  let baseUrl: string;
  let sql: pg.Client;
  const open: WebSocket[] = [];
  const LIMIT = 2;

  beforeAll(async () => {
    t = await createTestApp({ RUNTIME_MAX_CONNECTIONS_PER_KEY: String(LIMIT) });
    cookie = await t.login();
    baseUrl = (await t.url()).replace(/^http/, 'ws');
    sql = new pg.Client({ connectionString: t.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    for (const socket of open) socket.terminate();
    await sql.end();
  });

  const createKey = async (name: string) =>
    (await t.post('/api/runtime-keys/create', { name }, cookie)).json().payload as CreatedRuntimeKey;
  const client = async (principal: string, key: CreatedRuntimeKey) => {
    const connected = await connectGameClient(baseUrl, `principal=${principal}`, {
      authorization: `Bearer ${key.key}`,
    });
    open.push(connected.socket);
    return connected;
  };
  const list = async () =>
    ((await t.post('/api/connections/list', undefined, cookie)).json().payload as Connection[]).map(
      (connection) => connection.principal,
    );
  const leave = async (connected: GameClient) => {
    connected.socket.close();
    await connected.closed;
  };
  /** A connection of another process that last beat `secondsAgo` ago. */
  const otherProcess = async (secondsAgo: number, key: CreatedRuntimeKey, principal: string) => {
    const id = `other-${principal}`;
    await sql.query(
      `INSERT INTO runtime_process (id, host, pid, heartbeat) VALUES ($1, 'elsewhere', 1, now() - $2 * interval '1 second')`,
      [id, secondsAgo],
    );
    await sql.query(
      `INSERT INTO runtime_connection (id, process_id, environment_id, key_id, principal, address, connected)
       VALUES ($1, $1, 'dev', $2, $3, '10.9.9.9', now())`,
      [id, key.id, principal],
    );
    return id;
  };

  it(`refuses a runtime key's connection beyond ${LIMIT} with 4002, counting other live processes`, async () => {
    const key = await createKey('capped');
    const other = await createKey('other');
    const first = await client('cap-1', key);
    const second = await client('cap-2', key);
    expect(
      await refusal(connectGameClient(baseUrl, 'principal=cap-3', { authorization: `Bearer ${key.key}` })),
    ).toEqual({
      code: CLOSED_BY_CONNECTION_LIMIT.code,
      reason: 'Too many connections for this runtime key',
    });
    expect(await list()).toEqual(['cap-1', 'cap-2']);
    const byOtherKey = await client('cap-other', other);
    // a place frees when a client leaves
    await leave(first);
    await expect.poll(list).toEqual(['cap-2', 'cap-other']);
    const third = await client('cap-3', key);
    // a connection held by another live process counts; one of a silent process does not
    await leave(second);
    await expect.poll(list).toEqual(['cap-other', 'cap-3']);
    await otherProcess(60, key, 'cap-silent');
    expect((await client('cap-4', key)).welcome.type).toBe('welcome');
    await leave(third);
    await expect.poll(list).toEqual(['cap-other', 'cap-4']);
    await otherProcess(0, key, 'cap-elsewhere');
    expect(await list()).toEqual(['cap-other', 'cap-4', 'cap-elsewhere']);
    expect(
      (await refusal(connectGameClient(baseUrl, 'principal=cap-5', { authorization: `Bearer ${key.key}` })))
        .code,
    ).toBe(4002);
    await leave(byOtherKey);
  });

  it('ignores the connections of a process whose heartbeat stopped, and removes them after five minutes', async () => {
    const key = await createKey('silent');
    const silentId = await otherProcess(45, key, 'silent-1');
    const deadId = await otherProcess(6 * 60, key, 'dead-1');
    expect(await list()).not.toContain('silent-1');
    const closing = await t.post('/api/connections/close', { id: silentId }, cookie);
    expect(closing.statusCode).toBe(404);
    await t.app.connections.checkNow();
    const remaining = await sql.query('SELECT id FROM runtime_process WHERE id = ANY($1)', [
      [silentId, deadId],
    ]);
    expect(remaining.rows).toEqual([{ id: silentId }]);
    expect((await sql.query('SELECT id FROM runtime_connection WHERE id = $1', [deadId])).rowCount).toBe(0);
  });

  it('closes what was closed through the database while a NOTIFY could have been lost', async () => {
    const key = await createKey('reconcile');
    const closedElsewhere = await client('closed-elsewhere', key);
    // another process closed it: the row is gone, the notification never came
    await sql.query('DELETE FROM runtime_connection WHERE id = $1', [closedElsewhere.welcome.connectionId]);
    await t.app.connections.checkNow();
    expect(await closedElsewhere.closed).toEqual({
      code: CLOSED_BY_OPERATOR.code,
      reason: 'Closed by operator',
    });

    const revokedElsewhere = await client('revoked-elsewhere', key);
    await sql.query('UPDATE runtime_key SET revoked = now() WHERE id = $1', [key.id]);
    expect(await list()).not.toContain('revoked-elsewhere');
    await t.app.connections.checkNow();
    expect(await revokedElsewhere.closed).toEqual({
      code: CLOSED_BY_KEY_REVOKED.code,
      reason: 'Runtime key revoked',
    });
  });

  it('answers checkNow, asked while a heartbeat runs, with a heartbeat that sees what changed meanwhile', async () => {
    const key = await createKey('in-flight');
    const held = await client('in-flight-1', key);
    const id = held.welcome.connectionId;
    // A dead process's row, locked from outside: the heartbeat, past its reads of this process's rows,
    // waits to remove it.
    await sql.query(
      `INSERT INTO runtime_process (id, host, pid, heartbeat) VALUES ('in-flight-dead', 'elsewhere', 1, now() - interval '1 hour')`,
    );
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT id FROM runtime_process WHERE id = 'in-flight-dead' FOR UPDATE`);
      const running = t.app.connections.checkNow();
      await waitUntilLockWaiters(sql, 1);
      // Closed elsewhere while that heartbeat is in flight (the NOTIFY lost), then a fresh look asked for.
      await sql.query('DELETE FROM runtime_connection WHERE id = $1', [id]);
      const asked = t.app.connections.checkNow();
      await holder.query('COMMIT');
      await running;
      await asked;
      expect(t.app.connections.find('dev', id)?.principal, 'still held here').toBeUndefined();
    } finally {
      await holder.end();
    }
    expect(await held.closed).toEqual({ code: CLOSED_BY_OPERATOR.code, reason: 'Closed by operator' });
  });

  it('writes its connections again when its process row was removed while the database was out of reach', async () => {
    const key = await createKey('comeback');
    const kept = await client('comeback-1', key);
    await sql.query('DELETE FROM runtime_process WHERE id = $1', [t.app.connections.processId]);
    expect(await list()).not.toContain('comeback-1');
    await t.app.connections.checkNow();
    expect(await list()).toContain('comeback-1');
    const closing = await t.post('/api/connections/close', { id: kept.welcome.connectionId }, cookie);
    expect(closing.statusCode).toBe(200);
    expect(await kept.closed).toEqual({ code: CLOSED_BY_OPERATOR.code, reason: 'Closed by operator' });
  });

  it('closes a connection of this process when a NOTIFY from another asks for it', async () => {
    const key = await createKey('notified');
    const notified = await client('notified-1', key);
    await sql.query('SELECT pg_notify($1, $2)', [
      'runtime_connection_close',
      JSON.stringify({ id: notified.welcome.connectionId, ...CLOSED_BY_OPERATOR }),
    ]);
    expect(await notified.closed).toEqual({ code: CLOSED_BY_OPERATOR.code, reason: 'Closed by operator' });
  });
});
