import { GAME_SERVERS_PER_ENVIRONMENT, type GameServerList, RUNTIME_PATHS } from '@console/domain/runtime';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('pickup confirmation: game servers report the revision they applied', () => {
  let t: TestApp;
  let cookie: string;
  let sql: pg.Client;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    for (const environment of ['dev', 'stable']) {
      const created = await t.post(
        `/api/runtime-keys/create?configuration=${environment}`,
        { name: 'gs' },
        cookie,
      );
      keys[environment] = created.json().payload.key;
    }
    // Test data the API has no call for: published revisions, and reports of long ago.
    sql = new pg.Client({ connectionString: t.databaseUrl });
    await sql.connect();
  });
  afterAll(() => sql.end());

  const report = (instance: string, revision: number, key = keys.dev, query = '', more = {}) =>
    t.request({
      method: 'POST',
      url: `${RUNTIME_PATHS.applied}${query}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify({ instance, revision, ...more }),
    });
  const gameServers = async (environment = 'dev') => {
    const response = await t.post(
      `/api/connections/game-servers?configuration=${environment}`,
      undefined,
      cookie,
    );
    expect(response.statusCode).toBe(200);
    return response.json().payload as GameServerList;
  };
  const publish = (environment: string, revision: number) =>
    sql.query(
      `INSERT INTO runtime_revision (environment_id, revision, hash, manifest, created_by)
       VALUES ($1, $2, 'h', '{}', 'test@example.com')`,
      [environment, revision],
    );

  it('answers the latest published revision (1 from start-up) and no instances at first', async () => {
    const empty = await gameServers('prod');
    expect(empty).toEqual({ latestRevision: 1, instances: [], checked: expect.any(Number) });
    await publish('prod', 2);
    await publish('prod', 3);
    expect((await gameServers('prod')).latestRevision).toBe(3);
  });

  it('records a report per instance of the key’s environment; `applied` moves only with the revision', async () => {
    const first = await report('gs-a', 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ payload: { instance: 'gs-a', revision: 1 } });
    await report('gs-b', 1);
    const [b, a] = (await gameServers()).instances;
    expect(a).toEqual({
      instance: 'gs-a',
      revision: 1,
      applied: expect.any(Number),
      reported: expect.any(Number),
      address: '127.0.0.1',
    });
    expect(b?.instance).toBe('gs-b');
    // the same revision again: a newer report, the same applied time
    await sql.query(
      `UPDATE runtime_instance SET applied = applied - interval '1 hour', reported = reported - interval '1 hour'`,
    );
    const before = (await gameServers()).instances.find((server) => server.instance === 'gs-a')!;
    await report('gs-a', 1);
    const again = (await gameServers()).instances.find((server) => server.instance === 'gs-a')!;
    expect(again.applied).toBe(before.applied);
    expect(again.reported).toBeGreaterThan(before.reported);
    // a new revision: applied now
    await publish('dev', 2);
    await report('gs-a', 2);
    const moved = (await gameServers()).instances[0]!;
    expect(moved).toMatchObject({ instance: 'gs-a', revision: 2 });
    expect(moved.applied).toBe(moved.reported);
    expect(await gameServers('stable')).toMatchObject({ instances: [] });
  });

  it('refuses reports without a key (401), for another environment (403) or malformed (400)', async () => {
    const anonymous = await t.request({
      method: 'POST',
      url: RUNTIME_PATHS.applied,
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ instance: 'x', revision: 1 }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await report('x', 1, keys.dev, '?configuration=stable')).statusCode).toBe(403);
    expect((await report('', 1)).json()).toMatchObject({ error: 'instance: instance must not be empty' });
    expect((await report('x', -1)).json()).toMatchObject({
      error: 'revision: revision must be a whole number from 1 to 2147483647',
    });
    expect((await report('x', 1, keys.dev, '', { extra: true })).json()).toMatchObject({
      error: "body: unknown field 'extra': the body takes instance, revision",
    });
  });

  it('refuses a revision the environment never published, naming the latest, and records nothing', async () => {
    const refused = await report('future', 99_999);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'revision: revision 99999 was never published in dev (the latest is 2)',
    });
    expect((await gameServers()).instances.map((server) => server.instance)).not.toContain('future');
    expect((await t.post('/api/connections/game-servers')).statusCode).toBe(401);
  });

  it(`remembers at most ${GAME_SERVERS_PER_ENVIRONMENT} instances per environment and forgets those silent for a day`, async () => {
    await sql.query(
      `INSERT INTO runtime_instance (environment_id, instance, revision, applied, reported, address)
       SELECT 'stable', 'old-' || n, 1, now() - n * interval '1 second', now() - n * interval '1 second', '10.0.0.1'
         FROM generate_series(1, $1) AS n`,
      [GAME_SERVERS_PER_ENVIRONMENT],
    );
    await sql.query(
      `INSERT INTO runtime_instance (environment_id, instance, revision, applied, reported, address)
       VALUES ('stable', 'silent', 1, now() - interval '2 days', now() - interval '25 hours', '10.0.0.2')`,
    );
    // what is past retention is not shown even before it is removed
    const listed = (await gameServers('stable')).instances;
    expect(listed).toHaveLength(GAME_SERVERS_PER_ENVIRONMENT);
    expect(listed.map((server) => server.instance)).not.toContain('silent');
    // a known instance reporting again removes nothing; a new one prunes the silent and the surplus
    await publish('stable', 2);
    await report('old-1', 2, keys.stable);
    const count = async () =>
      Number(
        (await sql.query(`SELECT count(*) FROM runtime_instance WHERE environment_id = 'stable'`)).rows[0]
          .count,
      );
    expect(await count()).toBe(GAME_SERVERS_PER_ENVIRONMENT + 1);
    await report('newcomer', 2, keys.stable);
    expect(await count()).toBe(GAME_SERVERS_PER_ENVIRONMENT);
    const names = (await gameServers('stable')).instances.map((server) => server.instance);
    expect(names.slice(0, 2)).toEqual(['newcomer', 'old-1']);
    expect(names).not.toContain(`old-${GAME_SERVERS_PER_ENVIRONMENT}`);
    expect(names).toContain(`old-${GAME_SERVERS_PER_ENVIRONMENT - 1}`);
    // other environments are left alone
    expect((await gameServers()).instances.length).toBeGreaterThan(0);
  });
});
