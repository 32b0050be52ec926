import { changedParts } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import type { DbListener } from '../../db/listener.ts';
import { ENVIRONMENT_ARCHIVE_CHANNEL } from '../environment/environment.public.ts';
import { RUNTIME_REVISION_CHANNEL } from '../publishing/publishing.public.ts';
import { RUNTIME_KEY_CHANNEL } from '../runtime-keys/runtime-keys.public.ts';
import { runtimeRoutes } from './delivery.routes.ts';
import { RuntimeKeyCache, type RuntimeKeyCacheOptions } from './key-cache.ts';
import { RUNTIME_RETRY_MS, RuntimeCache } from './revision-cache.ts';
import { RuntimeStreams } from './stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every environment's current runtime revision, in memory (features/delivery). */
    runtimeCache: RuntimeCache;
    /** Runtime keys by hash, in memory; the revoke mutation tells it at once. */
    runtimeKeyCache: RuntimeKeyCache;
    /** The open /runtime/v1/stream connections of this process. */
    runtimeStreams: RuntimeStreams;
  }
}

/** How often each process reads the latest revision numbers, in case a notification was missed. */
export const RUNTIME_CHECK_MS = 3_000;

export interface RuntimeOptions {
  /** The periodic check's interval (tests shorten it). */
  checkMs?: number;
  /** The stream's heartbeat interval. */
  heartbeatMs?: number;
  /** How unknown keys are rationed (tests make the ration small). */
  keyCache?: RuntimeKeyCacheOptions;
  /**
   * false: the in-memory revisions and keys only, without the /runtime/v1 routes (a console-only process,
   * SERVE=console: its metrics, key revocations and game clients' sockets still use them).
   */
  serveRoutes?: boolean;
}

/** The revoked key's id of a `runtime_key` notification (`{"keyId": "..."}`), or null. */
function keyIdOf(payload: string): string | null {
  try {
    const keyId = (JSON.parse(payload) as { keyId?: unknown }).keyId;
    return typeof keyId === 'string' ? keyId : null;
  } catch {
    return null;
  }
}

/**
 * The game servers' read path: the in-memory revisions and keys (decorated on the root, so
 * the console's revoke mutation reaches the key cache), kept fresh by NOTIFY, a periodic check and a
 * catch-up after the listener reconnects; and the /runtime/v1 routes in their own context.
 */
export async function registerDelivery(
  app: FastifyInstance,
  listener: DbListener,
  options: RuntimeOptions = {},
): Promise<void> {
  const store = new RuntimeCache(app.db, app.log, { describeChanges: changedParts });
  const keyCache = new RuntimeKeyCache(app.db, options.keyCache);
  const streams = new RuntimeStreams(store, keyCache, {
    heartbeatMs: options.heartbeatMs,
    maxPerKey: app.settings.runtimeMaxStreamsPerKey,
    processCount: () => app.connections.liveProcessCount,
  });
  app.decorate('runtimeCache', store);
  app.decorate('runtimeKeyCache', keyCache);
  app.decorate('runtimeStreams', streams);

  // Revocations are caught up by reading every key; a failed read is tried again soon, until it succeeds.
  let keysRetry: NodeJS.Timeout | undefined;
  let isClosing = false;
  const reloadKeys = (): Promise<void> =>
    keyCache.reload().catch((error: unknown) => {
      app.log.warn({ err: error }, 'runtime keys cannot be read');
      if (keysRetry || isClosing) return;
      keysRetry = setTimeout(() => {
        keysRetry = undefined;
        void reloadKeys();
      }, RUNTIME_RETRY_MS);
      keysRetry.unref();
    });
  let isChecking = false;
  const check = async () => {
    if (isChecking) return;
    isChecking = true;
    try {
      await store.checkLatest();
    } finally {
      isChecking = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;

  app.addHook('onReady', async () => {
    // Listening before the first read, so nothing published in between is missed.
    await listener.subscribe(RUNTIME_REVISION_CHANNEL, (payload) => void store.notified(payload));
    await listener.subscribe(RUNTIME_KEY_CHANNEL, (payload) => {
      const keyId = keyIdOf(payload);
      if (keyId !== null) keyCache.markRevoked(keyId);
      else void reloadKeys();
    });
    // An environment archived or restored by another process: its keys' state is read again.
    await listener.subscribe(ENVIRONMENT_ARCHIVE_CHANNEL, () => void reloadKeys());
    listener.onReconnect(() => {
      void check();
      void reloadKeys();
    });
    await Promise.all([store.checkLatest(), reloadKeys()]);
    timer = setInterval(() => void check(), options.checkMs ?? RUNTIME_CHECK_MS);
    timer.unref();
    streams.start();
  });
  // Before the server closes: it would wait for the open streams otherwise.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => {
    isClosing = true;
    clearInterval(timer);
    clearTimeout(keysRetry);
    store.stop();
  });

  if (options.serveRoutes !== false) await app.register(runtimeRoutes, { store, keyCache, streams });
}
