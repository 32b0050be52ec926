import net from 'node:net';
import { Transform } from 'node:stream';

/**
 * A TCP proxy in front of PostgreSQL for fault tests: point the app's DATABASE_URL at it, then `cut()`
 * makes the database unreachable (open connections are destroyed, new ones refused) and `restore()`
 * brings it back, without stopping the PostgreSQL server other test files share. `stall()` is the
 * other way a database goes away: open connections are destroyed, new ones are accepted but never
 * answered (a host that is down behind a firewall dropping packets), so only a timeout ends them.
 * `holdNextAnswer()` makes one answer late instead: for races between a read and a write.
 */
export interface TcpProxy {
  readonly port: number;
  /** The given PostgreSQL URL with its host and port replaced by the proxy's. */
  rewrite(databaseUrl: string): string;
  cut(): void;
  stall(): void;
  restore(): void;
  /**
   * Resolves once the target sent its next chunk, on any connection: that chunk, and what follows it on
   * its connection, is held back from the client until `releaseAnswer()`. Against PostgreSQL, a statement
   * whose answer is held has run (its snapshot is taken), but its client learns of it only later.
   */
  holdNextAnswer(): Promise<void>;
  releaseAnswer(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const stalled = new Set<net.Socket>();
  let mode: 'open' | 'cut' | 'stall' = 'open';
  let onNextAnswer: (() => void) | undefined;
  let passHeldAnswer: (() => void) | undefined;
  /** The target's chunks on their way to the client, one held while a hold is asked for. */
  const answersOf = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, pass) {
        const held = onNextAnswer;
        if (held === undefined) {
          pass(null, chunk);
          return;
        }
        // A transform is given its next chunk only once this one is passed on: what follows waits too.
        onNextAnswer = undefined;
        passHeldAnswer = () => pass(null, chunk);
        held();
      },
    });
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
    const answers = answersOf();
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', closeBoth);
    }
    answers.on('error', closeBoth);
    client.pipe(upstream).pipe(answers).pipe(client);
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
    holdNextAnswer: () =>
      new Promise<void>((resolve) => {
        onNextAnswer = resolve;
      }),
    releaseAnswer() {
      const pass = passHeldAnswer;
      passHeldAnswer = undefined;
      pass?.();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...stalled]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
