import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { findPlayerProgression } from './progression.store.ts';

describe('user admin (progression)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('admin@example.com');
  });

  const call = (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const auditOf = (environment = 'dev') => t.auditEntries(cookie, environment);

  it("stores the player's progression in that environment, answers it, and audits it", async () => {
    const response = await call('/api/player/progression', { userId: 'p-1', level: 42, eoc: 0, streak: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      payload: { userId: 'p-1', level: 42, eoc: 0, streak: 4, modified: expect.any(Number) },
    });
    expect(await findPlayerProgression(t.app.db, 'dev', 'p-1')).toMatchObject({
      level: 42,
      eoc: 0,
      streak: 4,
    });
    expect(await findPlayerProgression(t.app.db, 'stable', 'p-1')).toBeUndefined();
    expect((await auditOf())[0]).toMatchObject({
      action: 'player.progression.set',
      target: 'p-1',
      attributes: { level: 42, eoc: 0, streak: 4 },
    });
  });

  it('replaces a stored progression', async () => {
    await call('/api/player/progression', { userId: 'p-1', level: 1, eoc: 7, streak: 0 });
    expect(await findPlayerProgression(t.app.db, 'dev', 'p-1')).toMatchObject({
      level: 1,
      eoc: 7,
      streak: 0,
    });
  });

  const valid = { userId: 'p-2', level: 1, eoc: 0, streak: 0 };
  it.each([
    [{ ...valid, level: 0 }, 'level: level must be at least 1'],
    [{ ...valid, eoc: -1 }, 'eoc: eoc must be at least 0'],
    [{ ...valid, streak: 5 }, 'streak: streak must be at most 4'],
    [{ ...valid, streak: -1 }, 'streak: streak must be at least 0'],
    [{ ...valid, level: 1.5 }, 'level: level must be a whole number'],
    [{ ...valid, userId: '' }, 'userId: userId must not be empty'],
    [{ userId: 'p-2', level: 3, eoc: 1 }, 'streak: streak must be a number'],
  ])('refuses %j with 400 naming the field, storing and auditing nothing', async (body, message) => {
    const before = (await auditOf()).length;
    const response = await call('/api/player/progression', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
    expect((await auditOf()).length).toBe(before);
    expect(await findPlayerProgression(t.app.db, 'dev', 'p-2')).toBeUndefined();
  });
});
