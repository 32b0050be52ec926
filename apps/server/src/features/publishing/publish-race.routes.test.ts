import { isPublishingAuditAction } from '@console/domain/audit';
import { PluginId } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type RuntimeClient, runtimeClient } from './publishing.test-data.ts';

// Publishers of one environment run one at a time (the runtime_state row), so concurrent
// changes give revision numbers 1..n without gaps, each change in exactly one revision, and the last
// revision is the environment as it ended up.

const PLUGINS = [PluginId.DUEL, PluginId.AGILITY_RACE, PluginId.ENDURANCE_RACE, PluginId.END_OF_CONTENT];

describe('runtime revisions under concurrent changes', () => {
  let t: TestApp;
  let cookie: string;
  let r: RuntimeClient;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('racer@example.com');
    r = runtimeClient(t, cookie);
  });

  it('numbers revisions 1..n without gaps; every change is in exactly one; the last is the final state', async () => {
    await r.c.payloadOf('/api/release/kv/set', { keyValue: 'from=stable;' }, 'stable');
    const transferBody = { from: 'stable', to: 'dev', mode: 'merge', groups: ['Release info'] };
    const { previewToken } = await r.c.payloadOf(
      '/api/configuration/transfer/preview',
      transferBody,
      'stable',
    );

    const changes: (() => Promise<{ statusCode: number }>)[] = [];
    for (let index = 0; index < 12; index++) {
      changes.push(() => r.c.call('/api/release/kv/set', { keyValue: `round=${index};` }));
    }
    for (const pluginId of PLUGINS) {
      changes.push(() => r.c.call('/api/plugin/activate', { pluginId, active: true }));
      changes.push(() => r.c.call('/api/plugin/activate', { pluginId, active: false }));
    }
    for (let index = 0; index < 4; index++) {
      const releaseInfo = { remindVersion: `1.${index}`, minimumVersion: '1.0' };
      changes.push(() => r.c.call('/api/release/client/set', { releaseInfo }));
    }
    const transfers = [0, 1].map(
      () => () => r.c.call('/api/configuration/transfer', { ...transferBody, previewToken }, 'stable'),
    );

    const responses = await Promise.all([...changes, ...transfers].map((change) => change()));
    for (const response of responses.slice(0, changes.length)) expect(response.statusCode).toBe(200);
    for (const response of responses.slice(changes.length)) expect([200, 409]).toContain(response.statusCode);

    const { revisions, latest } = await r.list('dev');
    const ascending = [...revisions].reverse();
    expect(ascending.map((revision) => revision.revision)).toEqual(
      Array.from({ length: latest }, (_, index) => index + 1),
    );
    for (let index = 1; index < ascending.length; index++) {
      expect(ascending[index]!.hash).not.toBe(ascending[index - 1]!.hash);
      expect(ascending[index]!.auditEntryIds.length).toBeGreaterThan(0);
    }

    // Every audited change of what players receive is published, each in exactly one revision.
    const published = ascending.flatMap((revision) => revision.auditEntryIds);
    expect(new Set(published).size).toBe(published.length);
    const audited = (await t.auditEntries(cookie, 'dev')).filter((entry) =>
      isPublishingAuditAction(entry.action),
    );
    const changed = audited
      .filter((entry) => entry.action !== 'environment.transfer')
      .map((entry) => entry.id);
    expect(changed.length).toBeGreaterThanOrEqual(12 + 4 + PLUGINS.length);
    expect(published).toEqual(expect.arrayContaining(changed));
    expect(audited.map((entry) => entry.id)).toEqual(expect.arrayContaining(published));

    await r.expectLatestIsCurrent('dev');
  });
});
