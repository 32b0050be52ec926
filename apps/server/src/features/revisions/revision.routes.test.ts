import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type RuntimeClient, runtimeClient } from '../publishing/publishing.test-data.ts';

// Over HTTP: the revision history, and rollback (docs/decisions/0252):
// republish pins the runtime to an earlier revision's content; resume publishes the console again.

describe('runtime revisions: history, rollback and resume', () => {
  let t: TestApp;
  let cookie: string;
  let r: RuntimeClient;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('rollback@example.com');
    r = runtimeClient(t, cookie);
  });
  const payloadOf = (url: string, body?: unknown, environment = 'dev') =>
    r.c.payloadOf(url, body, environment);
  const setKeyValue = (keyValue: string, environment = 'dev') =>
    payloadOf('/api/release/kv/set', { keyValue }, environment);
  const auditOf = async (action: string, environment = 'dev') =>
    (await t.auditEntries(cookie, environment)).filter((entry) => entry.action === action);

  it('lists revisions newest first, a page at a time, and answers one with its snapshot', async () => {
    for (const value of ['a', 'b', 'c']) await setKeyValue(`k=${value};`, 'stable');
    const history = await r.list('stable');
    expect(history.latest).toBe(4);
    expect(history.revisions.map((revision) => revision.revision)).toEqual([4, 3, 2, 1]);
    const page = await r.list('stable', { offset: 1, limit: 2 });
    expect(page.revisions.map((revision) => revision.revision)).toEqual([3, 2]);
    expect(page.latest).toBe(4);

    const third = await r.get(3, 'stable');
    expect(third).toMatchObject({
      environment: 'stable',
      revision: 3,
      publishedBy: 'rollback@example.com',
      restoredFrom: null,
      content: { release: { keyValue: 'k=b;' } },
    });
    expect(third.hash).toBe(history.revisions[1]!.hash);
    expect(third.publishedAt).toBe(new Date(history.revisions[1]!.created).toISOString());
  });

  it('refuses an unknown revision (404) and a malformed one (400)', async () => {
    const missing = await r.c.call('/api/runtime/revision/get', { revision: 99 }, 'stable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Revision 99 of the runtime of stable not found' });
    const republish = await r.c.call('/api/runtime/revision/republish', { revision: 99 }, 'stable');
    expect(republish.statusCode).toBe(404);
    for (const body of [{ revision: 0 }, { revision: 'x' }, {}]) {
      const response = await r.c.call('/api/runtime/revision/get', body, 'stable');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/revision/);
    }
    expect(await auditOf('runtime.revision.republish', 'stable')).toEqual([]);
  });

  it('republishes an earlier revision with its exact hash, pins to it, holds changes back until resume', async () => {
    await setKeyValue('v=1;');
    const good = (await r.list('dev', { limit: 1 })).revisions[0]!;
    await setKeyValue('v=2;');
    await setKeyValue('v=3;');
    const bad = (await r.list('dev', { limit: 1 })).revisions[0]!;
    expect(bad.hash).not.toBe(good.hash);

    const answer = await payloadOf('/api/runtime/revision/republish', { revision: good.revision });
    const [republished] = await auditOf('runtime.revision.republish');
    expect(answer).toEqual({
      revision: bad.revision + 1,
      restoredFrom: good.revision,
      hash: good.hash,
      published: true,
      pinned: { revision: bad.revision + 1, since: expect.any(Number), by: 'rollback@example.com' },
    });
    expect(republished?.attributes).toEqual({
      revision: bad.revision + 1,
      from: good.revision,
      hash: good.hash,
      published: true,
    });
    const restored = await r.get(bad.revision + 1);
    expect(restored).toMatchObject({
      hash: good.hash,
      restoredFrom: good.revision,
      auditEntryIds: [republished!.id],
    });
    expect(restored.content).toEqual((await r.get(good.revision)).content);
    expect(await r.list('dev', { limit: 1 })).toMatchObject({
      latest: bad.revision + 1,
      pinned: { revision: bad.revision + 1, since: answer.pinned.since, by: 'rollback@example.com' },
      waiting: 0,
    });

    // Pinned: changes are saved and audited, not published; only changes of what players receive wait.
    const held = await r.expectNoRevision('dev', () => setKeyValue('v=4;'));
    expect(held.auditIds).toHaveLength(1);
    expect(await payloadOf('/api/release/kv/get')).toBe('v=4;');
    await r.expectNoRevision('dev', () => payloadOf('/api/runtime-keys/create', { name: 'while pinned' }));
    const alsoHeld = await r.expectNoRevision('dev', () =>
      payloadOf('/api/release/client/set', { releaseInfo: { remindVersion: '2.0', minimumVersion: '1.0' } }),
    );
    expect(await r.list('dev', { limit: 1 })).toMatchObject({ latest: bad.revision + 1, waiting: 2 });
    // Republishing again while pinned moves nothing it served and keeps the held-back changes waiting.
    const again = await payloadOf('/api/runtime/revision/republish', { revision: good.revision });
    expect(again).toMatchObject({ revision: bad.revision + 1, published: false });
    expect(await r.list('dev', { limit: 1 })).toMatchObject({ latest: bad.revision + 1, waiting: 2 });

    // Resume publishes the console's state, naming the changes held back and itself.
    const resumed = await payloadOf('/api/runtime/revision/resume');
    expect(resumed).toEqual({ revision: bad.revision + 2, published: true });
    const [resumeEntry] = await auditOf('runtime.revision.resume');
    expect(resumeEntry?.attributes).toEqual({
      pinned: bad.revision + 1,
      revision: bad.revision + 2,
      published: true,
      waiting: 2,
    });
    const current = await r.expectLatestIsCurrent('dev');
    expect(current).toMatchObject({
      revision: bad.revision + 2,
      restoredFrom: null,
      auditEntryIds: [...held.auditIds, ...alsoHeld.auditIds, resumeEntry!.id],
      content: { release: { keyValue: 'v=4;', remindVersion: '2.0' } },
    });
    expect(await r.list('dev', { limit: 1 })).toMatchObject({ pinned: null, waiting: 0 });
    await r.expectOneRevision('dev', () => setKeyValue('v=5;'));
  });

  it('pins without publishing when the content served is already the one republished; resume without changes publishes nothing', async () => {
    await setKeyValue('same=1;', 'prod');
    const first = (await r.list('prod', { limit: 1 })).revisions[0]!;
    await setKeyValue('same=2;', 'prod');
    await setKeyValue('same=1;', 'prod');
    const latest = (await r.list('prod', { limit: 1 })).revisions[0]!;
    expect(latest.hash).toBe(first.hash);

    const answer = await payloadOf('/api/runtime/revision/republish', { revision: first.revision }, 'prod');
    expect(answer).toMatchObject({ revision: latest.revision, published: false, hash: first.hash });
    expect((await r.list('prod', { limit: 1 })).latest).toBe(latest.revision);
    expect((await r.list('prod', { limit: 1 })).pinned?.revision).toBe(latest.revision);

    const resumed = await r.published('prod', () =>
      payloadOf('/api/runtime/revision/resume', undefined, 'prod'),
    );
    expect(resumed.revisions).toEqual([]);
    expect(resumed.auditIds).toHaveLength(1);
    expect((await r.list('prod', { limit: 1 })).pinned).toBeNull();

    // Resuming what is not pinned changes nothing and audits nothing.
    const again = await r.published('prod', async () =>
      expect(await payloadOf('/api/runtime/revision/resume', undefined, 'prod')).toEqual({
        revision: latest.revision,
        published: false,
      }),
    );
    expect(again).toEqual({ revisions: [], auditIds: [] });
  });
});
