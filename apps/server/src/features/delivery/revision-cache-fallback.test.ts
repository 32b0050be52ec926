import { changedParts, RUNTIME_REVISION_EVENT } from '@console/domain/runtime';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import {
  buildTestApp,
  insertRuntimeRevision,
  makeRuntimeContent,
  startTcpProxy,
} from '../../testing/index.ts';
import { listStoredRevisionsAfter } from '../publishing/publishing.public.ts';
import { RuntimeCache } from './revision-cache.ts';
import { wholeBodyOf } from './served-revision.ts';

// A read of a new revision that fails (the database unreachable) is followed by a whole read, as before
// parts were held; the read after it holds parts again, from the served revision's manifest. Both give
// what reading every revision whole gives: the same body and the same stream changes.

describe('the runtime cache after a failed read', () => {
  it('reads the revision whole, then follows the next from what changed, with the same answers', async () => {
    const t = await createTestApp();
    const target = new URL(t.databaseUrl);
    const proxy = await startTcpProxy(target.hostname, Number(target.port));
    const app = await buildTestApp(proxy.rewrite(t.databaseUrl), {}, { runtime: { checkMs: 3_600_000 } });
    const cache = new RuntimeCache(app.db, app.log, { describeChanges: changedParts, retryMs: 50 });
    const notify = (revision: number) => cache.notified(JSON.stringify({ environmentId: 'dev', revision }));
    try {
      await app.ready();
      await cache.checkLatest();
      const first = cache.get('dev')!.revision;

      const cut = await insertRuntimeRevision(t.databaseUrl, {
        environmentId: 'dev',
        content: makeRuntimeContent({ plugins: 3, tag: 'while cut' }),
        notify: false,
      });
      proxy.cut();
      await notify(cut.revision);
      expect(cache.get('dev')!.revision).toBe(first);
      proxy.restore();
      // The retry after the failure reads it.
      await expect.poll(() => cache.get('dev')?.revision).toBe(cut.revision);

      const next = await insertRuntimeRevision(t.databaseUrl, {
        environmentId: 'dev',
        content: makeRuntimeContent({ plugins: 4, tag: 'after' }),
        notify: false,
      });
      await notify(next.revision);
      expect(cache.get('dev')!.revision).toBe(next.revision);

      const whole = await listStoredRevisionsAfter(t.app.db, 'dev', first - 1, 3);
      expect(whole.map(({ revision }) => revision)).toEqual([first, cut.revision, next.revision]);
      const latest = whole[2]!;
      expect(cache.get('dev')!.body.equals(wholeBodyOf(latest, latest.content))).toBe(true);
      const events = cache.eventsAfter('dev', first)!.map(({ text }) => text);
      expect(events).toEqual(
        [1, 2].map((index) => {
          const { revision, hash, content } = whole[index]!;
          const changed = changedParts(whole[index - 1]!.content, content);
          const data = { revision, hash, previousRevision: revision - 1, changed, everythingChanged: false };
          return `id: ${revision}\nevent: ${RUNTIME_REVISION_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
        }),
      );
      expect(JSON.parse(events[1]!.split('data: ')[1]!).changed.plugins).toHaveLength(4);
    } finally {
      cache.stop();
      await app.close();
      await proxy.close();
    }
  });
});
