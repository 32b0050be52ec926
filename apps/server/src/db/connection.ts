import pg from 'pg';

/**
 * A connection of its own, opened: for the start-up's work (migrations, roles, the embedded database's
 * set-up). pg reports a connection that breaks as an 'error' event, which ends the process when nobody
 * listens; the statement running then, or the next one, fails with that error anyway, and the caller
 * reports that failure, so the event needs nothing more than a listener.
 */
export async function openConnection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return client;
}
