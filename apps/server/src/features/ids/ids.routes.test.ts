import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('ids', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });

  it('gives random text ids that differ', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => t.post('/api/id/random', undefined, cookie)));
    const values = ids.map((response) => response.json().payload as string);
    for (const value of values) expect(value).toMatch(/^[a-z0-9]{12}$/);
    expect(new Set(values).size).toBe(3);
  });

  it.each([1, 2, 5])('gives %i words joined by -', async (count) => {
    const response = await t.post(`/api/id/words/${count}`, undefined, cookie);
    expect(response.json().payload.split('-')).toHaveLength(count);
    expect(response.json().payload).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it.each(['0', '6', 'two'])('refuses a word count of %s', async (count) => {
    const response = await t.post(`/api/id/words/${count}`, undefined, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^count: /);
  });
});
