import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { environmentExists } from '../environment/environment.service.ts';
import { insertEnvironment } from '../environment/environment.store.ts';
import { mutate, unchanged } from './audit.service.ts';

describe('mutate', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });

  it('commits the change with its typed audit entry', async () => {
    const result = await mutate(t.app.db, async (tx) => {
      await insertEnvironment(tx, 'audited', 'x');
      return {
        result: 'created',
        audit: {
          environmentId: 'audited',
          email: 'op@example.com',
          action: 'environment.create',
          target: 'audited',
          attributes: { description: 'x' },
        },
      };
    });
    expect(result).toBe('created');
    expect(await environmentExists(t.app.db, 'audited')).toBe(true);
    expect((await t.auditEntries(cookie, 'audited')).map((entry) => entry.action)).toEqual([
      'environment.create',
    ]);
  });

  it('writes nothing and audits nothing for a no-op: unchanged() rolls back and answers its result', async () => {
    const result = await mutate(t.app.db, async (tx) => {
      await insertEnvironment(tx, 'rolled-back', 'x');
      return unchanged('as it was');
    });
    expect(result).toBe('as it was');
    expect(await environmentExists(t.app.db, 'rolled-back')).toBe(false);
  });

  it('leaves neither change nor entry when the work fails', async () => {
    await expect(
      mutate(t.app.db, async (tx) => {
        await insertEnvironment(tx, 'failed', 'x');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await environmentExists(t.app.db, 'failed')).toBe(false);
  });
});
