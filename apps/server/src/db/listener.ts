import pg from 'pg';

// One LISTEN connection per process (scale-out): NOTIFY is delivered after the sending
// transaction commits, so a handler sees committed state. Notifications sent while this connection
// is down are lost: every consumer also re-checks what it caches on `onReconnect` (and periodically),
// so a missed notification never leaves a process stale.

export type NotificationHandler = (payload: string) => void;

export interface DbListener {
  /** Adds a handler for a channel (lower-case letters and underscores), listening from now on. */
  subscribe(channel: string, handler: NotificationHandler): Promise<void>;
  /** Called after the connection came back: catch up on what may have been missed. */
  onReconnect(handler: () => void): void;
  /** Whether the LISTEN connection is up now. */
  readonly connected: boolean;
  close(): Promise<void>;
}

const CHANNEL_PATTERN = /^[a-z_]{1,63}$/;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export interface DbListenerOptions {
  onError?: (error: unknown) => void;
  /** Opening the connection gives up after this long (a frozen database would otherwise hold it forever). */
  connectTimeoutMs?: number;
}

export function createDbListener(databaseUrl: string, options: DbListenerOptions = {}): DbListener {
  const handlers = new Map<string, NotificationHandler[]>();
  const reconnectHandlers: (() => void)[] = [];
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let everConnected = false;
  let connecting: Promise<void> | undefined;

  const report = (error: unknown) => options.onError?.(error);

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: databaseUrl,
        ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
      });
      next.on('notification', ({ channel, payload }) => {
        for (const handler of handlers.get(channel) ?? []) handler(payload ?? '');
      });
      next.on('error', (error) => {
        report(error);
        lost(next);
      });
      next.on('end', () => lost(next));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        report(error);
        void next.end().catch(() => {});
        scheduleReconnect();
        return;
      }
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      connected = true;
      retryMs = FIRST_RETRY_MS;
      if (everConnected) for (const handler of reconnectHandlers) handler();
      everConnected = true;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    connected = false;
    scheduleReconnect();
  }

  const ready = connect();

  return {
    async subscribe(channel, handler) {
      if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const isNew = !handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      await ready;
      if (isNew && client) await client.query(`LISTEN ${channel}`).catch(report);
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const current = client;
      client = undefined;
      connected = false;
      await current?.end().catch(() => {});
    },
  };
}
