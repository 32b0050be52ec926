import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { SEED_SIZES, seedFifthYear } from './seed-fifth-year.ts';

// The fifth-year seed at its small size (the same SQL as the 10,000-row one): what it writes is what the
// console reads back, and the log stays sealed.

describe('the fifth-year seed', () => {
  let t: TestApp;
  let cookie: string;
  let owner: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('seed@example.com');
    await t.post('/api/configuration/save', { configurationId: 'seeded' }, cookie);
    owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
  });
  afterAll(() => owner?.end());

  it('writes A/B-tests, configurations, plugin entries and sealed audit entries the console reads', async () => {
    const size = { ...SEED_SIZES.small, configurations: 60 };
    const counts = await seedFifthYear(owner, 'seeded', size);
    expect(counts).toMatchObject({ abTests: 20, configurations: 60, auditEntries: 20 });
    expect(counts.pluginEntries).toBeGreaterThan(0);
    const payloadOf = async (url: string, body: unknown) =>
      (await t.post(`${url}?configuration=seeded`, body, cookie)).json().payload;
    expect((await payloadOf('/api/abtest/search', {})).total).toBe(20);
    expect((await payloadOf('/api/plugin/config/search', {})).total).toBe(60);
    expect((await payloadOf('/api/plugin/config/search', { inUse: true })).total).toBeGreaterThan(0);
    expect((await payloadOf('/api/audit/search', { email: 'operator-1@fifth-year.example' })).total).toBe(1);
    // Every configuration reads back through its kind's schema, and every A/B-test with its versions.
    for (const item of (await payloadOf('/api/plugin/config/search', { limit: 60 })).items) {
      const kind = item.extended.id.replace(/-\d+$/, '').replace(/^(event|plugin)-/, '$1/');
      const response = await t.post(
        `/api/config/${kind}/get?configuration=seeded`,
        { id: item.extended.id },
        cookie,
      );
      expect(response.statusCode).toBe(200);
    }
    const test = await payloadOf('/api/abtest/get', { id: 'ab-00002' });
    expect(test.data.versions).toHaveLength(3);
    const { rows } = await owner.query('SELECT * FROM audit_verify()');
    expect(rows).toEqual([]);
  });

  it('refuses an environment that already holds A/B-tests, writing nothing', async () => {
    await expect(seedFifthYear(owner, 'seeded', SEED_SIZES.small)).rejects.toThrow('already holds');
  });
});
