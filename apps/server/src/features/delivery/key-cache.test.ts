import net from 'node:net';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createDb, type Db } from '../../db/client.ts';
import { closeAfterUse } from '../../testing/close-after-use.ts';
import { hashRuntimeKey } from '../runtime-keys/runtime-keys.service.ts';
import { RuntimeKeyCache } from './key-cache.ts';

// The runtime key cache's archived flag against reads of the real database that answer late: a read
// whose statement ran before an archive committed must not undo what the cache learnt since (the
// archiving process's mark, or a read that started after the archive). The late answer is held back by a
// TCP proxy of this file's, between the cache's one connection and PostgreSQL, once the database sent it.

/** A TCP proxy that can hold back the next answer the database sends, until released. */
async function startAnswerHoldingProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let holding: (() => void) | undefined;
  let held: { upstream: net.Socket; client: net.Socket; chunk: Buffer } | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (holding === undefined) {
        client.write(chunk);
        return;
      }
      // The statement has run (its snapshot is taken): its answer waits here.
      upstream.pause();
      held = { upstream, client, chunk };
      holding();
      holding = undefined;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  const proxy = {
    url: url.toString(),
    /** Resolves once the database sent its next answer, which is held back until release(). */
    holdNextAnswer: () =>
      new Promise<void>((resolve) => {
        holding = resolve;
      }),
    release() {
      const answer = held;
      held = undefined;
      answer?.client.write(answer.chunk);
      answer?.upstream.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  closeAfterUse(proxy.close);
  return proxy;
}

describe('the runtime key cache and archived environments', () => {
  let t: TestApp;
  let admin: string;
  let proxy: Awaited<ReturnType<typeof startAnswerHoldingProxy>>;
  let db: Db;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'keys@example.com' });
    admin = await t.login('keys@example.com');
    proxy = await startAnswerHoldingProxy(t.databaseUrl);
    // Two connections: a late answer holds one, a read started meanwhile takes the other
    db = createDb(proxy.url, { poolSize: 2 });
    closeAfterUse(() => db.$disconnect());
  });

  /** A new environment with one runtime key. */
  const servedEnvironment = async () => {
    const id = `keys-${++serial}`;
    expect((await t.post('/api/configuration/save', { configurationId: id }, admin)).statusCode).toBe(200);
    const created = await t.post(`/api/runtime-keys/create?configuration=${id}`, { name: 'servers' }, admin);
    expect(created.statusCode, created.body).toBe(200);
    return { id, hash: hashRuntimeKey((created.json().payload as CreatedRuntimeKey).key) };
  };
  const archive = async (id: string) => {
    const archived = await t.post(
      '/api/configuration/archive',
      { configurationId: id, confirmServedByKeys: true },
      admin,
    );
    expect(archived.statusCode, archived.body).toBe(200);
  };
  /**
   * Holds back the database's next answer to the cache's client, once a connection is open and idle (so
   * the held answer is a statement's, never a connection's start-up).
   */
  const holdNextAnswer = async () => {
    await db.$queryRaw`SELECT 1`;
    return { answered: proxy.holdNextAnswer() };
  };
  const isArchivedIn = async (cache: RuntimeKeyCache, hash: string) =>
    (await cache.find(hash))?.isEnvironmentArchived;

  it('keeps the archiving process’s mark when a reload that read the keys before the archive answers after it', async () => {
    const { id, hash } = await servedEnvironment();
    const cache = new RuntimeKeyCache(db);
    await cache.reload();
    expect(await isArchivedIn(cache, hash)).toBe(false);

    const { answered } = await holdNextAnswer();
    const late = cache.reload();
    await answered;
    await archive(id);
    // As the archiving process does after the commit
    cache.markEnvironmentArchived(id, true);
    proxy.release();
    await late;
    expect(await isArchivedIn(cache, hash)).toBe(true);
  });

  it('keeps what a reload started after the archive read, when one started before it answers last', async () => {
    const { id, hash } = await servedEnvironment();
    const cache = new RuntimeKeyCache(db);
    await cache.reload();

    const { answered } = await holdNextAnswer();
    const late = cache.reload();
    await answered;
    // Archived by another process: this one reloads on its NOTIFY
    await archive(id);
    await cache.reload();
    expect(await isArchivedIn(cache, hash)).toBe(true);
    proxy.release();
    await late;
    expect(await isArchivedIn(cache, hash)).toBe(true);
  });

  it('keeps the mark when the first look-up of a key, sent before the archive, answers after it', async () => {
    const cache = new RuntimeKeyCache(db);
    await cache.reload();
    const { id, hash } = await servedEnvironment();

    const { answered } = await holdNextAnswer();
    const late = cache.find(hash);
    await answered;
    await archive(id);
    cache.markEnvironmentArchived(id, true);
    proxy.release();
    expect((await late)?.isEnvironmentArchived).toBe(true);
    expect(await isArchivedIn(cache, hash)).toBe(true);
  });
});
