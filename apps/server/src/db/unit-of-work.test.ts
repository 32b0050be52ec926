import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { type EnvironmentTransaction, forEnvironment } from '../context.ts';
import { environmentExists } from '../features/environment/environment.service.ts';
import { insertEnvironment } from '../features/environment/environment.store.ts';
import { REPO_ROOT } from '../settings.ts';
import { testConsoleContext, testContext } from '../testing/context.ts';
import { unchanged, type WrittenAuditEntry } from './unit-of-work.ts';

const created = (environmentId: string, description = 'x') => ({
  environmentId,
  email: 'op@example.com',
  action: 'environment.create' as const,
  target: environmentId,
  attributes: { description },
});

describe('mutate', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });

  it('commits the change with its typed audit entry', async () => {
    const result = await t.app.unitOfWork.mutate(async ({ tx, audit }) => {
      await insertEnvironment(tx, 'audited', 'x');
      audit(created('audited'));
      return 'created';
    });
    expect(result).toBe('created');
    expect(await environmentExists(t.app.db, 'audited')).toBe(true);
    expect((await t.auditEntries(cookie, 'audited')).map((entry) => entry.action)).toEqual([
      'environment.create',
    ]);
  });

  it('writes nothing and audits nothing for a no-op: unchanged() rolls back and answers its result', async () => {
    const result = await t.app.unitOfWork.mutate(async ({ tx }) => {
      await insertEnvironment(tx, 'rolled-back', 'x');
      return unchanged('as it was');
    });
    expect(result).toBe('as it was');
    expect(await environmentExists(t.app.db, 'rolled-back')).toBe(false);
  });

  it('leaves neither change nor entry when the work fails', async () => {
    await expect(
      t.app.unitOfWork.mutate(async ({ tx }) => {
        await insertEnvironment(tx, 'failed', 'x');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await environmentExists(t.app.db, 'failed')).toBe(false);
  });

  it('writes the recorded events in order and hands them, with their ids, to its after-audit steps', async () => {
    let seen: readonly WrittenAuditEntry[] = [];
    await t.app.unitOfWork.mutate(async ({ tx, audit, afterAudit }) => {
      await insertEnvironment(tx, 'ordered', 'x');
      audit(created('ordered', 'first'));
      audit([created('ordered', 'second'), created('ordered', 'third')]);
      afterAudit(async (_tx, written) => {
        seen = written;
      });
    });
    const entries = await t.auditEntries(cookie, 'ordered');
    expect(entries.map((entry) => entry.attributes.description)).toEqual(['third', 'second', 'first']);
    expect(seen.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id).reverse());
  });

  it('runs after-commit effects once committed, and never after unchanged() or a failure', async () => {
    const effects: string[] = [];
    await t.app.unitOfWork.mutate(async ({ tx, audit, afterCommit }) => {
      await insertEnvironment(tx, 'effected', 'x');
      audit(created('effected'));
      afterCommit(() => effects.push(`committed: ${effects.length}`));
      // Not run yet: the transaction is open.
      expect(effects).toEqual([]);
    });
    expect(effects).toEqual(['committed: 0']);
    await t.app.unitOfWork.mutate(async ({ afterCommit }) => {
      afterCommit(() => effects.push('unchanged'));
      return unchanged(null);
    });
    await expect(
      t.app.unitOfWork.mutate(async ({ afterCommit }) => {
        afterCommit(() => effects.push('failed'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(effects).toEqual(['committed: 0']);
  });

  it("fills a context's environment and actor into records that leave them out", async () => {
    const ctx = testContext(t.app, { environmentId: 'dev', email: 'actor@example.com' });
    await ctx.mutate(async ({ tx, audit }) => {
      await insertEnvironment(tx, 'in-context', 'x');
      audit({ action: 'environment.create', target: 'in-context', attributes: { description: 'own' } });
      audit({ ...created('in-context', 'named'), email: 'named@example.com' });
      audit({
        action: 'environment.create',
        target: 'in-context',
        attributes: { description: 'console-wide' },
        environmentId: null,
      });
    });
    await forEnvironment(ctx, 'in-context').mutate(async ({ audit }) => {
      audit({ action: 'environment.create', target: 'in-context', attributes: { description: 'other' } });
    });
    const described = (entries: { environment: string | null; email: string; attributes: object }[]) =>
      entries.map(({ environment, email, attributes }) => ({ environment, email, attributes }));
    expect(described((await t.auditEntries(cookie, 'dev')).slice(0, 1))).toEqual([
      { environment: 'dev', email: 'actor@example.com', attributes: { description: 'own' } },
    ]);
    expect(described((await t.auditEntries(cookie, 'in-context')).slice(0, 2))).toEqual([
      { environment: 'in-context', email: 'actor@example.com', attributes: { description: 'other' } },
      { environment: 'in-context', email: 'named@example.com', attributes: { description: 'named' } },
    ]);
    expect(described((await t.auditEntries(cookie, 'dev', { consoleWide: true })).slice(0, 1))).toEqual([
      { environment: null, email: 'actor@example.com', attributes: { description: 'console-wide' } },
    ]);
  });

  it("hands the work the context's environment and actor, another environment's through forEnvironment", async () => {
    const ctx = testContext(t.app, { environmentId: 'dev', email: 'actor@example.com' });
    const scopeOf = ({ environmentId, actor }: EnvironmentTransaction) => ({
      environmentId,
      email: actor.email,
    });
    expect([
      await ctx.mutate(async (unit) => scopeOf(unit)),
      await forEnvironment(ctx, 'other').mutate(async (unit) => scopeOf(unit)),
    ]).toEqual([
      { environmentId: 'dev', email: 'actor@example.com' },
      { environmentId: 'other', email: 'actor@example.com' },
    ]);
  });

  it('makes a console-wide context name the environment of every record', async () => {
    const consoleWide = testConsoleContext(t.app, 'actor@example.com');
    const result = await consoleWide.mutate(async ({ tx, audit }) => {
      await insertEnvironment(tx, 'console-wide', 'x');
      // @ts-expect-error a console-wide call has no environment to fill in: the record names it
      audit({ action: 'environment.create', target: 'console-wide', attributes: { description: 'x' } });
      audit({ ...created('console-wide'), environmentId: null });
      return unchanged('typed');
    });
    expect(result).toBe('typed');
    expect(await environmentExists(t.app.db, 'console-wide')).toBe(false);
  });
});

describe('audit entries', () => {
  const SERVER_SOURCES = join(REPO_ROOT, 'apps/server/src');
  // Prisma's writes of the audit_entry model, SQL writing the table, and the owner's write function.
  const WRITES_AUDIT =
    /\bauditEntry\s*\.\s*(create|createMany|createManyAndReturn|upsert|update|updateMany)\b|INSERT\s+INTO\s+"?audit_entry"?|\bFROM\s+audit_append\s*\(/i;

  // The fifth-year seed writes a million synthetic entries for benchmarks, set-based and sealed with the
  // owner's hash in its one transaction: through audit_append it would take hours.
  const SEEDS = ['db/seed-fifth-year.ts'];

  it('are written only by the unit of work (db/unit-of-work.ts; tests and the fifth-year seed aside)', () => {
    const files = readdirSync(SERVER_SOURCES, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.startsWith('generated'),
    );
    const writing = files.filter((path) =>
      WRITES_AUDIT.test(readFileSync(join(SERVER_SOURCES, path), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(writing).toEqual(['db/unit-of-work.ts', ...SEEDS].sort());
  });
});
