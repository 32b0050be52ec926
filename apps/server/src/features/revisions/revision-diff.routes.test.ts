import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type RuntimeClient, runtimeClient } from '../publishing/publishing.test-data.ts';

// Over HTTP: what caused each revision, the diff of two revisions and of two environments.

describe('runtime revisions: causes, diff and environment comparison', () => {
  let t: TestApp;
  let cookie: string;
  let r: RuntimeClient;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('diff@example.com');
    r = runtimeClient(t, cookie);
  });
  const payloadOf = (url: string, body?: unknown, environment = 'dev') =>
    r.c.payloadOf(url, body, environment);
  const setKeyValue = (keyValue: string, environment = 'dev') =>
    payloadOf('/api/release/kv/set', { keyValue }, environment);

  it('lists each revision with the action and target of the audit entries that caused it', async () => {
    await r.expectOneRevision('stable', () => setKeyValue('cause=1;', 'stable'));
    const [latest] = (await r.list('stable', { limit: 1 })).revisions;
    const entries = await t.auditEntries(cookie, 'stable');
    expect(latest?.auditEntryIds).toHaveLength(1);
    const entry = entries.find((e) => e.id === latest?.auditEntryIds[0]);
    expect(entry?.action).toBe('release.kv.set');
    expect(latest?.causes).toEqual([{ id: entry!.id, action: entry!.action, target: entry!.target }]);
    expect(latest?.causes.map((cause) => cause.id)).toEqual(latest?.auditEntryIds);
  });

  it('diffs two revisions as text grouped by plugin, both ways, and equal ones as nothing', async () => {
    await setKeyValue('d=1;', 'stable');
    const first = (await r.list('stable', { limit: 1 })).latest;
    await payloadOf('/api/plugin/activate', { pluginId: 4, active: true }, 'stable');
    await setKeyValue('d=2;', 'stable');
    const last = (await r.list('stable', { limit: 1 })).latest;

    const forward = await payloadOf('/api/runtime/revision/diff', { from: first, to: last }, 'stable');
    expect(forward.from).toBe(first);
    expect(forward.to).toBe(last);
    expect(forward.lines).toContain('Release: keyValue: "d=1;" → "d=2;"');
    expect(forward.plugins).toEqual([
      {
        id: 4,
        name: expect.any(String),
        lines: [expect.stringMatching(/^Plugin .* \(4\)$/), '  enabled: false → true'],
      },
    ]);
    const back = await payloadOf('/api/runtime/revision/diff', { from: last, to: first }, 'stable');
    expect(back.plugins[0].lines[1]).toBe('  enabled: true → false');
    const same = await payloadOf('/api/runtime/revision/diff', { from: last, to: last }, 'stable');
    expect(same).toMatchObject({ lines: [], plugins: [], moves: [] });
  });

  it('refuses an unknown revision (404) and names a malformed field (400)', async () => {
    const missing = await r.c.call('/api/runtime/revision/diff', { from: 1, to: 999 }, 'dev');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Revision 999 of the runtime of dev not found' });
    for (const [body, field] of [
      [{ from: 0, to: 1 }, 'from'],
      [{ from: 1 }, 'to'],
      [{ from: 1, to: 'x' }, 'to'],
    ] as const) {
      const response = await r.c.call('/api/runtime/revision/diff', body, 'dev');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(field);
    }
  });

  it("compares this environment's current revision with another's", async () => {
    await setKeyValue('env=prod;', 'prod');
    await setKeyValue('env=dev;', 'dev');
    await payloadOf('/api/plugin/activate', { pluginId: 4, active: true }, 'dev');
    const compared = await payloadOf('/api/runtime/compare', { other: 'prod' }, 'dev');
    expect(compared).toMatchObject({
      environment: 'dev',
      revision: (await r.list('dev', { limit: 1 })).latest,
      other: 'prod',
      otherRevision: (await r.list('prod', { limit: 1 })).latest,
    });
    expect(compared.lines).toContain('Release: keyValue: "env=dev;" → "env=prod;"');
    expect(compared.plugins.find((plugin: { id: number }) => plugin.id === 4)?.lines).toContain(
      '  enabled: true → false',
    );
    // the same content in another environment: the other way round
    const reverse = await payloadOf('/api/runtime/compare', { other: 'dev' }, 'prod');
    expect(reverse.lines).toContain('Release: keyValue: "env=prod;" → "env=dev;"');
    const itself = await payloadOf('/api/runtime/compare', { other: 'dev' }, 'dev');
    expect(itself.lines).toEqual([]);
  });

  it('refuses an unknown other environment (404) and a malformed one (400)', async () => {
    const unknown = await r.c.call('/api/runtime/compare', { other: 'nowhere' }, 'dev');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/nowhere/);
    for (const body of [{}, { other: 'a b' }, { other: 7 }]) {
      const response = await r.c.call('/api/runtime/compare', body, 'dev');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/other/);
    }
  });
});
