import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPool } from './pool.ts';
import { isDatabaseUnavailableError } from './unavailable.ts';

// A connection PostgreSQL ends (a crash, a shutdown, pg_terminate_backend) while a caller holds it
// between two statements must not end the process: pg reports it as an 'error' event on the client, which
// throws when nobody listens, and pg-pool listens only to idle connections. The test connects with the run's
// admin URL (no database of its own is needed) and ends only its own connection.

describe('a pooled connection ended while checked out', () => {
  it('is reported to its holder at its next statement, and the pool serves on with a new one', async () => {
    const adminUrl = inject('adminUrl');
    const pool = createPool(adminUrl, 2);
    const client = await pool.connect();
    let isReleased = false;
    try {
      expect(client.listenerCount('error'), 'someone listens while it is checked out').toBeGreaterThan(0);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      const other = new pg.Client({ connectionString: adminUrl });
      await other.connect();
      try {
        await other.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      } finally {
        await other.end();
      }
      // PostgreSQL's FATAL 57P01 and the closed socket have both arrived while no statement ran.
      await ended;
      const error = await client.query('SELECT 1').catch((caught: unknown) => caught);
      expect(isDatabaseUnavailableError(error), String(error)).toBe(true);
      client.release();
      isReleased = true;
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      if (!isReleased) client.release(true);
      await pool.end();
    }
  });
});
