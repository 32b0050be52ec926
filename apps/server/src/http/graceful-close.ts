import type { FastifyInstance } from 'fastify';

/** After the bound, how long closing may still take (database, listener) before the process gives up. */
const LAST_WAIT_MS = 5_000;

/**
 * Closes the app as an orchestrator's SIGTERM asks: Fastify stops accepting connections and answers 503
 * on kept-alive ones, the runtime streams and game-client sockets end first telling clients to
 * reconnect (elsewhere: this replica no longer listens), requests in flight finish, then the database
 * connections close. Requests still running after `timeoutMs` are cut off. Answers whether everything
 * finished in time.
 */
export async function closeGracefully(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  let isCutOff = false;
  const cutOff = setTimeout(() => {
    isCutOff = true;
    app.log.warn({ timeoutMs }, 'requests still running at the shutdown bound: cutting them off');
    app.server.closeAllConnections();
  }, timeoutMs);
  const giveUp = setTimeout(() => {
    app.log.error('shutdown did not finish: exiting anyway');
    process.exit(1);
  }, timeoutMs + LAST_WAIT_MS);
  // Neither timer keeps the process alive once closing is done.
  cutOff.unref();
  giveUp.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
    clearTimeout(giveUp);
  }
  return !isCutOff;
}
