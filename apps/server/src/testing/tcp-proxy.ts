import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL for fault tests: point the app's DATABASE_URL at it, then `cut()`
 * makes the database unreachable (open connections are destroyed, new ones refused) and `restore()`
 * brings it back, without stopping the PostgreSQL server other test files share. `stall()` is the
 * other way a database goes away: open connections are destroyed, new ones are accepted but never
 * answered (a host that is down behind a firewall dropping packets), so only a timeout ends them.
 */
export interface TcpProxy {
  readonly port: number;
  /** The given PostgreSQL URL with its host and port replaced by the proxy's. */
  rewrite(databaseUrl: string): string;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const stalled = new Set<net.Socket>();
  let mode: 'open' | 'cut' | 'stall' = 'open';
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    if (mode === 'stall') {
      stalled.add(client);
      client.on('close', () => stalled.delete(client));
      client.on('error', () => client.destroy());
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    rewrite(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut() {
      mode = 'cut';
      for (const socket of open) socket.destroy();
    },
    stall() {
      mode = 'stall';
      for (const socket of open) socket.destroy();
    },
    restore() {
      mode = 'open';
      // A connection that waited through the outage is dropped, as a host coming back would.
      for (const socket of stalled) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...stalled]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
