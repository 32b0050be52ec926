import type { CreatedRuntimeKey } from '@console/domain/operations';
import {
  type ChangedParts,
  changedParts,
  RUNTIME_REPLAY_REVISIONS,
  type RuntimeContent,
} from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  buildTestApp,
  insertRuntimeRevision,
  insertRuntimeRevisions,
  makeRuntimeContent,
} from '../../testing/index.ts';
import { openStream, type SseClient } from './delivery.test-helpers.ts';

describe('GET /runtime/v1/stream', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let devKey: CreatedRuntimeKey;
  let revision = 1;
  /** What dev's latest revision holds (revision 1, published at start-up, is read from the app). */
  let latestContent: RuntimeContent;
  const open: SseClient[] = [];
  const connect = async (headers: Record<string, string> = {}, query = '', key = devKey) => {
    const client = await openStream(`${base}/runtime/v1/stream${query}`, {
      authorization: `Bearer ${key.key}`,
      ...headers,
    });
    open.push(client);
    return client;
  };
  interface Published {
    revision: number;
    hash: string;
    /** What changed since the revision before it (as the stream describes it). */
    changed: ChangedParts;
  }
  /** Publishes dev's next revision as the publishing path does: row committed, then NOTIFY. */
  const publish = async (): Promise<Published> => {
    const content = makeRuntimeContent({ plugins: 1 + (revision % 3), tag: `r${revision + 1}` });
    const published = await insertRuntimeRevision(t.databaseUrl, { environmentId: 'dev', content });
    revision = published.revision;
    const changed = changedParts(latestContent, content);
    latestContent = content;
    return { ...published, changed };
  };
  /** The change event of a revision: what changed since the revision before it. */
  const eventOf = (published: Published) => ({
    id: String(published.revision),
    event: 'revision',
    data: JSON.stringify({
      revision: published.revision,
      hash: published.hash,
      previousRevision: published.revision - 1,
      changed: published.changed,
      everythingChanged: false,
    }),
  });
  /** The reset event of a revision: everything changed (the client's revision is not known here). */
  const resetOf = (current: { revision: number; hash: string }) => ({
    id: String(current.revision),
    event: 'revision',
    data: JSON.stringify({
      revision: current.revision,
      hash: current.hash,
      previousRevision: null,
      changed: null,
      everythingChanged: true,
    }),
  });

  beforeAll(async () => {
    t = await createTestApp({}, { runtime: { heartbeatMs: 200 } });
    cookie = await t.login('ops@example.com');
    devKey = (await t.post('/api/runtime-keys/create', { name: 'streams' }, cookie)).json().payload;
    base = await t.url();
    latestContent = t.app.runtimeCache.get('dev')!.content;
  });
  afterAll(() => {
    for (const client of open) client.close();
  });

  it('opens an event stream that starts with the current revision (a reset event) and tells when to reconnect', async () => {
    const client = await connect();
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache, no-transform');
    expect(await client.next()).toEqual({ retry: '2000' });
    const first = await client.nextEvent();
    expect(first).toMatchObject({ id: '1', event: 'revision' });
    expect(JSON.parse(first.data!)).toEqual({
      revision: 1,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      previousRevision: null,
      changed: null,
      everythingChanged: true,
    });
  });

  it('delivers one revision event per new revision, after the row and its NOTIFY', async () => {
    const client = await connect({ 'last-event-id': String(revision) });
    const second = await publish();
    expect(await client.nextEvent()).toEqual(eventOf(second));
    const third = await publish();
    expect(await client.nextEvent()).toEqual(eventOf(third));
  });

  it('delivers the revision an operator change publishes, with what changed', async () => {
    const client = await connect({ 'last-event-id': String(revision) });
    const saved = await t.post('/api/release/kv/set', { keyValue: 'stream=1;' }, cookie);
    expect(saved.statusCode).toBe(200);
    const event = await client.nextEvent();
    expect(event).toMatchObject({ id: String(revision + 1), event: 'revision' });
    const served = t.app.runtimeCache.get('dev')!;
    expect(served.content.release.keyValue).toBe('stream=1;');
    expect(JSON.parse(event.data!)).toEqual({
      revision: revision + 1,
      hash: served.hash,
      previousRevision: revision,
      changed: changedParts(latestContent, served.content),
      everythingChanged: false,
    });
    expect(JSON.parse(event.data!).changed.release).toBe(true);
    revision += 1;
    latestContent = served.content;
  });

  it('replays every missed revision in order, with what each changed, from Last-Event-ID (header or query)', async () => {
    const from = revision;
    const missed = [await publish(), await publish(), await publish()];
    await expect.poll(() => t.app.runtimeCache.get('dev')?.revision).toBe(revision);
    for (const [headers, query] of [
      [{ 'last-event-id': String(from) }, ''],
      [{}, `?lastEventId=${from}`],
    ] as const) {
      const behind = await connect(headers, query);
      for (const published of missed) expect(await behind.nextEvent()).toEqual(eventOf(published));
      // and then the next revision as it comes
      const next = await publish();
      missed.push(next);
      expect(await behind.nextEvent()).toEqual(eventOf(next));
      behind.close();
    }
    // one revision back: only the last
    const oneBehind = await connect({ 'last-event-id': String(revision - 1) });
    expect(await oneBehind.nextEvent()).toEqual(eventOf(missed.at(-1)!));
    oneBehind.close();
  });

  it('sends nothing when Last-Event-ID is current, and one reset event when it is unknown', async () => {
    const served = t.app.runtimeCache.get('dev')!;
    const current = { revision: served.revision, hash: served.hash };
    for (const lastEventId of ['garbage', String(revision + 5), '0']) {
      const unknown = await connect({ 'last-event-id': lastEventId });
      expect(await unknown.nextEvent()).toEqual(resetOf(current));
      unknown.close();
    }
    const upToDate = await connect({ 'last-event-id': String(revision) });
    const next = await publish();
    // The first event it sees is the new revision: nothing was replayed.
    expect(await upToDate.nextEvent()).toEqual(eventOf(next));
  });

  it(`keeps the last ${RUNTIME_REPLAY_REVISIONS} revisions to replay, also across a restart; older gets a reset event`, async () => {
    const from = revision;
    // published while this process was not listening: it reads them all at its next check
    const contents = Array.from({ length: RUNTIME_REPLAY_REVISIONS + 2 }, (_, index) =>
      makeRuntimeContent({ plugins: 1 + (index % 3), tag: `burst-${index}` }),
    );
    const inserted = await insertRuntimeRevisions(t.databaseUrl, 'dev', contents);
    const burst = inserted.map((published, index): Published => {
      const changed = changedParts(index === 0 ? latestContent : contents[index - 1]!, contents[index]!);
      return { ...published, changed };
    });
    latestContent = contents.at(-1)!;
    revision = burst.at(-1)!.revision;
    await t.app.runtimeCache.checkLatest();
    expect(t.app.runtimeCache.get('dev')?.revision).toBe(revision);
    const tooOld = await connect({ 'last-event-id': String(from) });
    expect(await tooOld.nextEvent()).toEqual(resetOf(burst.at(-1)!));
    tooOld.close();
    const oldestKept = revision - RUNTIME_REPLAY_REVISIONS;
    const replayed = await connect({ 'last-event-id': String(oldestKept) });
    for (const published of burst.slice(-RUNTIME_REPLAY_REVISIONS)) {
      expect(await replayed.nextEvent()).toEqual(eventOf(published));
    }
    replayed.close();
    // a process started now reads the history at start: a client reconnecting to it still gets its replay
    const restarted = await buildTestApp(t.databaseUrl);
    try {
      const restartedBase = await restarted.listen({ port: 0, host: '127.0.0.1' });
      const client = await openStream(`${restartedBase}/runtime/v1/stream`, {
        authorization: `Bearer ${devKey.key}`,
        'last-event-id': String(revision - 2),
      });
      open.push(client);
      expect(await client.nextEvent()).toEqual(eventOf(burst.at(-2)!));
      expect(await client.nextEvent()).toEqual(eventOf(burst.at(-1)!));
    } finally {
      await restarted.close();
    }
  });

  it('sends heartbeat comments while nothing is published', async () => {
    const client = await connect({ 'last-event-id': String(revision) });
    expect(await client.next()).toEqual({ retry: '2000' });
    expect(await client.next()).toEqual({ comment: ': heartbeat' });
  });

  it('forgets closed streams and ends those of a key when it is revoked', async () => {
    const key = (await t.post('/api/runtime-keys/create', { name: 'revoked streams' }, cookie)).json()
      .payload;
    const before = t.app.runtimeStreams.size;
    const doomed = await connect({}, '', key);
    const survivor = await connect({ 'last-event-id': String(revision) });
    await expect.poll(() => t.app.runtimeStreams.size).toBe(before + 2);
    expect((await t.post('/api/runtime-keys/revoke', { id: key.id }, cookie)).statusCode).toBe(200);
    await doomed.ended;
    await expect.poll(() => t.app.runtimeStreams.size).toBe(before + 1);
    const after = await publish();
    expect(await survivor.nextEvent()).toEqual(eventOf(after));
    survivor.close();
    await expect.poll(() => t.app.runtimeStreams.size).toBe(before);
    const refused = await openStream(`${base}/runtime/v1/stream`, { authorization: `Bearer ${key.key}` });
    expect(refused.status).toBe(401);
  });

  it('ends open streams when the app closes, so closing does not wait for them', async () => {
    const other = await buildTestApp(t.databaseUrl);
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const client = await openStream(`${otherBase}/runtime/v1/stream`, {
      authorization: `Bearer ${devKey.key}`,
    });
    expect(client.status).toBe(200);
    await other.close();
    await client.ended;
  });
});
