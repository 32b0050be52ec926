import type { CreatedRuntimeKey } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseProxy } from '../../../test/faults.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createDb, type Db } from '../../db/client.ts';
import { closeAfterUse } from '../../testing/close-after-use.ts';
import type { TcpProxy } from '../../testing/index.ts';
import { hashRuntimeKey } from '../runtime-keys/runtime-keys.service.ts';
import { RuntimeKeyCache } from './key-cache.ts';

// The runtime key cache's archived flag against reads of the real database that answer late: a read
// whose statement ran before an archive committed must not undo what the cache learnt since (the
// archiving process's mark, or a read that started after the archive). The late answer is held back by a
// TCP proxy between the cache's connections and PostgreSQL, once the database sent it.

describe('the runtime key cache and archived environments', () => {
  let t: TestApp;
  let admin: string;
  let proxy: TcpProxy;
  let db: Db;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'keys@example.com' });
    admin = await t.login('keys@example.com');
    proxy = await startDatabaseProxy();
    // Two connections: a late answer holds one, a read started meanwhile takes the other
    db = createDb(proxy.rewrite(t.databaseUrl), { poolSize: 2 });
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
    proxy.releaseAnswer();
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
    proxy.releaseAnswer();
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
    proxy.releaseAnswer();
    expect((await late)?.isEnvironmentArchived).toBe(true);
    expect(await isArchivedIn(cache, hash)).toBe(true);
  });
});
