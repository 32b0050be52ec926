import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('environments', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('creator@example.com');
  });

  const auditCount = async (environment: string) =>
    (await t.post(`/api/audit/list?configuration=${environment}`, { offset: 0, limit: 100 }, cookie)).json()
      .payload.length as number;

  it('seeds dev, stable and prod', async () => {
    const response = await t.post('/api/configuration/list', undefined, cookie);
    expect(response.json()).toEqual({ payload: ['dev', 'stable', 'prod'] });
  });

  it("creates an environment with 'no description' and audits it in the new environment", async () => {
    const response = await t.post('/api/configuration/save', { configurationId: 'qa-1' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: { id: 'qa-1', description: 'no description' } });
    const list = await t.post('/api/configuration/list', undefined, cookie);
    expect(list.json().payload).toContain('qa-1');
    const audit = await t.post('/api/audit/list?configuration=qa-1', { offset: 0, limit: 100 }, cookie);
    expect(audit.json().payload).toEqual([
      expect.objectContaining({
        environment: 'qa-1',
        action: 'environment.create',
        target: 'qa-1',
        email: 'creator@example.com',
        attributes: { description: 'no description' },
      }),
    ]);
  });

  it('refuses an existing id with 409 and writes no audit entry', async () => {
    const before = await auditCount('dev');
    const response = await t.post(
      '/api/configuration/save',
      { configurationId: 'dev', description: 'x' },
      cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'Environment dev already exists' });
    expect(await auditCount('dev')).toBe(before);
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(37)],
    ['a space', 'has space'],
    ['a dot', 'a.b'],
  ])('refuses an id that is %s with 400 naming the field', async (_why, configurationId) => {
    const response = await t.post('/api/configuration/save', { configurationId }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^configurationId: /);
    const list = await t.post('/api/configuration/list', undefined, cookie);
    expect(list.json().payload).not.toContain(configurationId);
  });

  it('accepts 36 characters of letters, digits, - and _', async () => {
    const id = `A_b-${'9'.repeat(32)}`;
    const response = await t.post(
      '/api/configuration/save',
      { configurationId: id, description: '  QA  ' },
      cookie,
    );
    expect(response.json()).toEqual({ payload: { id, description: 'QA' } });
  });

  it('creates exactly one environment when the same id is created concurrently', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => t.post('/api/configuration/save', { configurationId: 'race' }, cookie)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await auditCount('race')).toBe(1);
  });

  it('finds an environment created by another process, and then answers it from memory', async () => {
    // Another console process writes the row directly; this app has never seen the id.
    await t.app.db.environment.create({ data: { id: 'elsewhere', description: 'x' } });
    const found = await t.post('/api/audit/list?configuration=elsewhere', {}, cookie);
    expect(found.json()).toEqual({ payload: [] });
    // Environments are never deleted; removing the row behind the app's back shows that the next
    // request is resolved from the cache, without asking the database.
    await t.app.db.environment.delete({ where: { id: 'elsewhere' } });
    const cached = await t.post('/api/id/random?configuration=elsewhere', undefined, cookie);
    expect(cached.statusCode).toBe(200);
    const unknown = await t.post('/api/id/random?configuration=nowhere-yet', undefined, cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Unknown environment nowhere-yet' });
  });

  it('tells whether an environment id exists', async () => {
    const yes = await t.post('/api/id/exist/environment/stable', undefined, cookie);
    expect(yes.json()).toEqual({ payload: { exists: true } });
    const no = await t.post('/api/id/exist/environment/nowhere', undefined, cookie);
    expect(no.json()).toEqual({ payload: { exists: false } });
    const unknownKind = await t.post('/api/id/exist/spaceship/x', undefined, cookie);
    expect(unknownKind.statusCode).toBe(404);
    expect(unknownKind.json()).toMatchObject({ error: 'Unknown id kind spaceship' });
  });
});
