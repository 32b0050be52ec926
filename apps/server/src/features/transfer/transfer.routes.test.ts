import {
  TRANSFER_STALE_PREVIEW_MESSAGE,
  type TransferItem,
  type TransferPreview,
  type TransferRequest,
} from '@console/domain/operations';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditRecord } from '../../db/unit-of-work.ts';
import { testConsoleContext } from '../../testing/context.ts';
import { transferGroups } from '../../transfer-groups.ts';
import { createTransferService } from './transfer.service.ts';
import type { TransferGroup } from './transfer-group.ts';

// Test groups over a table of this file's own database, so these tests do not depend on the
// features' groups; the last describe transfers the real ones.
const TEXTS = 'Test texts';
const NUMBERS = 'Test numbers';

function testGroup(
  name: string,
  options: { numericIds?: boolean; failOnWrite?: string } = {},
): TransferGroup {
  const toId = (id: string) => (options.numericIds ? Number(id) : id);
  return {
    name,
    async list(tx, environmentId) {
      // widens the window between reads and writes, so the race tests overlap for real
      await tx.$executeRaw`SELECT pg_sleep(0.01)`;
      const rows = await tx.$queryRaw<{ id: string; active: boolean; title: string; payload: unknown }[]>`
        SELECT id, active, title, payload FROM transfer_test_item
         WHERE environment_id = ${environmentId} AND grp = ${name}`;
      return rows.map((row) => ({ ...row, id: toId(row.id) }));
    },
    async write(tx, environmentId, item) {
      if (options.failOnWrite === String(item.id)) throw new Error('write failed on purpose');
      await upsertItem(tx, environmentId, name, item);
    },
    async remove(tx, environmentId, id) {
      await tx.$executeRaw`
        DELETE FROM transfer_test_item WHERE environment_id = ${environmentId} AND grp = ${name} AND id = ${String(id)}`;
    },
  };
}

async function upsertItem(db: Db | Tx, environmentId: string, group: string, item: TransferItem) {
  await db.$executeRaw`
    INSERT INTO transfer_test_item (environment_id, grp, id, active, title, payload)
    VALUES (${environmentId}, ${group}, ${String(item.id)}, ${item.active}, ${item.title}, ${JSON.stringify(item.payload)}::jsonb)
    ON CONFLICT (environment_id, grp, id)
    DO UPDATE SET active = EXCLUDED.active, title = EXCLUDED.title, payload = EXCLUDED.payload`;
}

const item = (
  id: string | number,
  title: string,
  payload: unknown = { v: title },
  active = true,
): TransferItem => ({
  id,
  active,
  title,
  payload,
});

describe('environment transfer', () => {
  let t: TestApp;
  let cookie: string;
  let environmentCount = 0;
  const groups = [testGroup(NUMBERS, { numericIds: true }), testGroup(TEXTS)];
  const service = createTransferService(groups);
  // the HTTP tests run with the product's groups plus these, given to this file's own app
  const appGroups = [...transferGroups, ...groups];

  beforeAll(async () => {
    t = await createTestApp({}, { transferGroups: appGroups });
    cookie = await t.login('mover@example.com');
    // The test's own table, created by the database's owner and granted to the role the app serves as
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`
        CREATE TABLE transfer_test_item (
          environment_id text NOT NULL REFERENCES environment(id), grp text NOT NULL, id text NOT NULL,
          active boolean NOT NULL, title text NOT NULL, payload jsonb NOT NULL,
          PRIMARY KEY (environment_id, grp, id))`);
      const servingRole = decodeURIComponent(new URL(t.servingUrl).username);
      await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON transfer_test_item TO "${servingRole}"`);
    } finally {
      await admin.end();
    }
  });

  /** A fresh environment holding these items (per group). */
  async function environmentWith(content: Record<string, TransferItem[]>): Promise<string> {
    environmentCount += 1;
    const id = `t${environmentCount}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await t.post('/api/configuration/save', { configurationId: id }, cookie);
    expect(created.statusCode).toBe(200);
    for (const [group, items] of Object.entries(content)) {
      for (const entry of items) await upsertItem(t.app.db, id, group, entry);
    }
    return id;
  }

  const contentOf = async (environmentId: string) => {
    const content: Record<string, TransferItem[]> = {};
    for (const group of groups) {
      const items = await t.app.db.$transaction((tx) => group.list(tx, environmentId));
      content[group.name] = items.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    }
    return content;
  };
  const audit = (environmentId: string) => t.auditEntries(cookie, environmentId);
  const transferAudit = async (environmentId: string) =>
    (await audit(environmentId)).filter((entry) => entry.action === 'environment.transfer');

  const previewOverHttp = async (body: { from: string; to: string; mode: string }) => {
    const response = await t.post(
      `/api/configuration/transfer/preview?configuration=${body.from}`,
      body,
      cookie,
    );
    expect(response.statusCode).toBe(200);
    return response.json().payload as TransferPreview;
  };

  describe('over HTTP', () => {
    const source = () => ({
      [NUMBERS]: [item(1, 'one'), item(2, 'two, new title'), item(10, 'ten')],
      [TEXTS]: [item('a', 'alpha', { nested: { x: 1, y: 2 } })],
    });
    const destination = () => ({
      [NUMBERS]: [item(2, 'two'), item(10, 'ten'), item(30, 'thirty', { v: 30 }, false)],
      [TEXTS]: [item('a', 'alpha', { nested: { y: 2, x: 1 } }), item('z', 'zulu')],
    });

    it('previews per group with Op, ID, Active, Title, Payload (overwrite deletes destination-only items)', async () => {
      const from = await environmentWith(source());
      const to = await environmentWith(destination());
      const preview = await previewOverHttp({ from, to, mode: 'overwrite' });
      expect(preview.previewToken).toMatch(/^[0-9a-f]{64}$/);
      expect(preview.groups[NUMBERS]).toEqual([
        { operation: 'create', ...item(1, 'one') },
        { operation: 'update', ...item(2, 'two, new title') },
        { operation: 'unchanged', ...item(10, 'ten') },
        { operation: 'delete', ...item(30, 'thirty', { v: 30 }, false) },
      ]);
      expect(preview.groups[TEXTS]).toEqual([
        { operation: 'unchanged', ...item('a', 'alpha', { nested: { x: 1, y: 2 } }) },
        { operation: 'delete', ...item('z', 'zulu') },
      ]);
      // every registered group is answered, in registry order, even when empty
      expect(Object.keys(preview.groups)).toEqual(appGroups.map((group) => group.name));
    });

    it('overwrite makes the destination equal to the source, answers the counts and audits in the destination', async () => {
      const from = await environmentWith(source());
      const to = await environmentWith(destination());
      const preview = await previewOverHttp({ from, to, mode: 'overwrite' });
      const sourceBefore = await contentOf(from);
      const response = await t.post(
        `/api/configuration/transfer?configuration=${from}`,
        { from, to, mode: 'overwrite', previewToken: preview.previewToken },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().payload).toMatchObject({ from, to, mode: 'overwrite' });
      expect(await contentOf(to)).toEqual(await contentOf(from));
      expect(await contentOf(from)).toEqual(sourceBefore);
      const [entry, ...others] = await transferAudit(to);
      expect(others).toEqual([]);
      expect(entry).toMatchObject({ target: to, email: 'mover@example.com' });
      expect(entry?.attributes).toMatchObject({
        from,
        mode: 'overwrite',
        groups: {
          [NUMBERS]: { create: 1, update: 1, delete: 1, unchanged: 1 },
          [TEXTS]: { create: 0, update: 0, delete: 1, unchanged: 1 },
        },
      });
      expect(await transferAudit(from)).toEqual([]);
    });

    it('merge creates and updates but keeps destination-only items', async () => {
      const from = await environmentWith(source());
      const to = await environmentWith(destination());
      const preview = await previewOverHttp({ from, to, mode: 'merge' });
      expect(preview.groups[NUMBERS]?.map((row) => [row.id, row.operation])).toEqual([
        [1, 'create'],
        [2, 'update'],
        [10, 'unchanged'],
        [30, 'unchanged'],
      ]);
      const response = await t.post(
        '/api/configuration/transfer',
        { from, to, mode: 'merge', previewToken: preview.previewToken },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      const after = await contentOf(to);
      expect(after[NUMBERS]?.map((row) => [row.id, row.title])).toEqual([
        [1, 'one'],
        [10, 'ten'],
        [2, 'two, new title'],
        [30, 'thirty'],
      ]);
      expect(after[TEXTS]?.map((row) => row.id)).toEqual(['a', 'z']);
      expect((await transferAudit(to))[0]?.attributes).toMatchObject({
        mode: 'merge',
        groups: { [NUMBERS]: { create: 1, update: 1, delete: 0, unchanged: 2 } },
      });
    });

    it('refuses source = destination with 400, on preview and transfer', async () => {
      for (const url of ['/api/configuration/transfer/preview', '/api/configuration/transfer']) {
        const response = await t.post(
          url,
          { from: 'dev', to: 'dev', mode: 'merge', previewToken: 'x' },
          cookie,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe(
          "to: Cannot transfer environment 'dev' to itself; choose another destination",
        );
      }
    });

    it('answers 404 for an unknown source or destination', async () => {
      const missingTo = await t.post(
        '/api/configuration/transfer/preview',
        { from: 'dev', to: 'nowhere', mode: 'merge' },
        cookie,
      );
      expect(missingTo.statusCode).toBe(404);
      expect(missingTo.json()).toMatchObject({ error: 'Unknown environment nowhere' });
      const missingFrom = await t.post(
        '/api/configuration/transfer',
        { from: 'gone', to: 'dev', mode: 'merge', previewToken: 'abc' },
        cookie,
      );
      expect(missingFrom.statusCode).toBe(404);
      expect(missingFrom.json()).toMatchObject({ error: 'Unknown environment gone' });
    });

    it('refuses a transfer without a preview token (400) and a bad mode (400)', async () => {
      const noToken = await t.post(
        '/api/configuration/transfer',
        { from: 'dev', to: 'stable', mode: 'merge' },
        cookie,
      );
      expect(noToken.statusCode).toBe(400);
      expect(noToken.json().error).toMatch(/^previewToken: /);
      const badMode = await t.post(
        '/api/configuration/transfer/preview',
        { from: 'dev', to: 'stable', mode: 'copy' },
        cookie,
      );
      expect(badMode.statusCode).toBe(400);
      expect(badMode.json().error).toBe("mode: mode must be 'overwrite' or 'merge'");
    });

    it("refuses with 409 'Environment changed since preview' when source or destination changed, changing nothing", async () => {
      for (const side of ['source', 'destination'] as const) {
        const from = await environmentWith(source());
        const to = await environmentWith(destination());
        const preview = await previewOverHttp({ from, to, mode: 'overwrite' });
        await upsertItem(t.app.db, side === 'source' ? from : to, TEXTS, item('new', 'changed meanwhile'));
        const before = await contentOf(to);
        const response = await t.post(
          '/api/configuration/transfer',
          { from, to, mode: 'overwrite', previewToken: preview.previewToken },
          cookie,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ error: 'Environment changed since preview' });
        expect(await contentOf(to)).toEqual(before);
        expect(await transferAudit(to)).toEqual([]);
      }
    });

    it('refuses a token previewed for the other mode or other environments (409)', async () => {
      const from = await environmentWith(source());
      const to = await environmentWith(destination());
      const other = await environmentWith(destination());
      const preview = await previewOverHttp({ from, to, mode: 'overwrite' });
      for (const body of [
        { from, to, mode: 'merge' },
        { from, to: other, mode: 'overwrite' },
      ]) {
        const response = await t.post(
          '/api/configuration/transfer',
          { ...body, previewToken: preview.previewToken },
          cookie,
        );
        expect(response.statusCode).toBe(409);
      }
    });

    it('refuses anonymous callers with 401', async () => {
      const response = await t.post('/api/configuration/transfer/preview', {
        from: 'dev',
        to: 'stable',
        mode: 'merge',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("the features' groups", () => {
    it('copies release info, plugins and the NICE token from dev into a new environment, in one audited transfer', async () => {
      const to = await environmentWith({});
      const set = async (url: string, body: unknown) =>
        expect((await t.post(`${url}?configuration=dev`, body, cookie)).statusCode).toBe(200);
      await set('/api/release/kv/set', { keyValue: 'shop=on;' });
      await set('/api/release/client/set', {
        releaseInfo: { remindVersion: '1.2.0', minimumVersion: '1.1' },
      });
      await set('/api/plugin/activate', { pluginId: 4, active: true });
      await set('/api/nice/set', { niceConfig: { authToken: 'token-from-dev' } });

      const preview = await previewOverHttp({ from: 'dev', to, mode: 'overwrite' });
      expect(Object.keys(preview.groups).slice(0, 3)).toEqual(['Release info', 'Plugins', 'NICE config']);
      const rowOf = (group: string, id: string | number) =>
        preview.groups[group]?.find((row) => row.id === id);
      expect(rowOf('Release info', 'kv')).toMatchObject({
        operation: 'update',
        payload: { keyValue: 'shop=on;' },
      });
      expect(rowOf('Plugins', 4)).toMatchObject({ operation: 'update', active: true, title: 'DUEL' });
      expect(rowOf('Plugins', 5)?.operation).toBe('unchanged');

      const response = await t.post(
        '/api/configuration/transfer?configuration=dev',
        { from: 'dev', to, mode: 'overwrite', previewToken: preview.previewToken },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      const read = async (url: string) =>
        (await t.post(`${url}?configuration=${to}`, undefined, cookie)).json().payload;
      expect(await read('/api/release/kv/get')).toBe('shop=on;');
      expect(await read('/api/release/client/get')).toEqual({
        remindVersion: '1.2.0',
        minimumVersion: '1.1',
      });
      expect(await read('/api/plugin/list/enabled')).toEqual({ DUEL: 4 });
      expect(await read('/api/nice/get')).toEqual({ authToken: 'token-from-dev' });
      // equal now: a second preview changes nothing in these groups
      const again = await previewOverHttp({ from: 'dev', to, mode: 'overwrite' });
      for (const group of ['Release info', 'Plugins', 'NICE config']) {
        expect(again.groups[group]?.every((row) => row.operation === 'unchanged')).toBe(true);
      }
      const entries = await transferAudit(to);
      expect(entries).toHaveLength(1);
      expect(entries[0]?.attributes).toMatchObject({ from: 'dev', groups: { Plugins: { update: 1 } } });
      // the NICE token is a secret: never in the audit log
      expect(JSON.stringify(await audit(to))).not.toContain('token-from-dev');
    });
  });

  describe('atomicity and concurrency (service over real connections)', () => {
    const request = (
      preview: TransferPreview,
      body: Omit<TransferRequest, 'previewToken'>,
    ): TransferRequest => ({
      ...body,
      previewToken: preview.previewToken,
    });

    it('writes nothing and audits nothing when a group fails half-way', async () => {
      const failing = createTransferService([
        testGroup(NUMBERS, { numericIds: true }),
        testGroup(TEXTS, { failOnWrite: 'b' }),
      ]);
      const from = await environmentWith({
        [NUMBERS]: [item(1, 'one')],
        [TEXTS]: [item('a', 'a'), item('b', 'b')],
      });
      const to = await environmentWith({ [NUMBERS]: [item(7, 'seven')] });
      const body = { from, to, mode: 'overwrite' } as const;
      const preview = await failing.preview(testConsoleContext(t.app), body);
      await expect(
        failing.transfer(testConsoleContext(t.app, 'x@example.com'), request(preview, body)),
      ).rejects.toThrow('write failed on purpose');
      expect(await contentOf(to)).toEqual({ [NUMBERS]: [item(7, 'seven')], [TEXTS]: [] });
      expect(await transferAudit(to)).toEqual([]);
    });

    it('two transfers into one destination: exactly one applies, the other gets 409, never a mix', async () => {
      for (let round = 0; round < 4; round += 1) {
        const a = await environmentWith({
          [NUMBERS]: [item(1, 'a1'), item(2, 'a2')],
          [TEXTS]: [item('k', 'ak')],
        });
        const b = await environmentWith({
          [NUMBERS]: [item(2, 'b2'), item(3, 'b3')],
          [TEXTS]: [item('m', 'bm')],
        });
        const x = await environmentWith({
          [NUMBERS]: [item(1, 'x1'), item(4, 'x4')],
          [TEXTS]: [item('k', 'xk')],
        });
        const fromA = { from: a, to: x, mode: 'overwrite' } as const;
        const fromB = { from: b, to: x, mode: 'overwrite' } as const;
        const [previewA, previewB] = await Promise.all([
          service.preview(testConsoleContext(t.app), fromA),
          service.preview(testConsoleContext(t.app), fromB),
        ]);
        const outcomes = await Promise.allSettled([
          service.transfer(testConsoleContext(t.app, 'a@example.com'), request(previewA, fromA)),
          service.transfer(testConsoleContext(t.app, 'b@example.com'), request(previewB, fromB)),
        ]);
        const winners = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [index] : []));
        expect(winners).toHaveLength(1);
        const loser = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
        expect(loser.reason.message).toBe(TRANSFER_STALE_PREVIEW_MESSAGE);
        const winner = winners[0] === 0 ? a : b;
        expect(await contentOf(x)).toEqual(await contentOf(winner));
        const entries = await transferAudit(x);
        expect(entries.map((entry) => entry.attributes.from)).toEqual([winner]);
      }
    });

    it('two transfers and a concurrent change: the result is one of the serial outcomes, audits match', async () => {
      const change = item(1, 'changed by an operator', { v: 'c' });
      for (let round = 0; round < 6; round += 1) {
        const a = await environmentWith({ [NUMBERS]: [item(1, 'a1'), item(2, 'a2')] });
        const b = await environmentWith({ [NUMBERS]: [item(2, 'b2'), item(3, 'b3')] });
        const x = await environmentWith({ [NUMBERS]: [item(1, 'x1'), item(4, 'x4')] });
        const fromA = { from: a, to: x, mode: 'overwrite' } as const;
        const fromB = { from: b, to: x, mode: 'overwrite' } as const;
        const [previewA, previewB] = await Promise.all([
          service.preview(testConsoleContext(t.app), fromA),
          service.preview(testConsoleContext(t.app), fromB),
        ]);
        const concurrentChange = async () => {
          await new Promise((resolve) => setTimeout(resolve, round * 7));
          await t.app.unitOfWork.mutate(async ({ tx, audit }) => {
            await upsertItem(tx, x, NUMBERS, change);
            // A test-only action, outside the typed union of audit events.
            audit({
              environmentId: x,
              email: 'c@example.com',
              action: 'test.change',
              target: '1',
            } as unknown as AuditRecord);
          });
        };
        const [resultA, resultB] = await Promise.allSettled([
          service.transfer(testConsoleContext(t.app, 'a@example.com'), request(previewA, fromA)),
          service.transfer(testConsoleContext(t.app, 'b@example.com'), request(previewB, fromB)),
          concurrentChange(),
        ]);
        for (const result of [resultA, resultB]) {
          if (result?.status === 'rejected')
            expect(result.reason.message).toBe(TRANSFER_STALE_PREVIEW_MESSAGE);
        }
        const succeeded = [
          resultA?.status === 'fulfilled' ? a : null,
          resultB?.status === 'fulfilled' ? b : null,
        ].filter((id): id is string => id !== null);
        expect(succeeded.length).toBeLessThanOrEqual(1);
        // The change lands after the winning transfer (had it landed before, the token check refuses).
        const expectedBase = succeeded[0]
          ? ((await contentOf(succeeded[0]))[NUMBERS] ?? [])
          : [item(1, 'x1'), item(4, 'x4')];
        const expected = [...expectedBase.filter((row) => row.id !== 1), change].sort((p, q) =>
          String(p.id).localeCompare(String(q.id)),
        );
        expect((await contentOf(x))[NUMBERS]).toEqual(expected);
        const entries = await audit(x);
        expect(
          entries
            .filter((entry) => entry.action === 'environment.transfer')
            .map((entry) => entry.attributes.from),
        ).toEqual(succeeded);
        expect(entries.filter((entry) => entry.action === 'test.change')).toHaveLength(1);
      }
    });

    it('two transfers from one source into different destinations both succeed', async () => {
      const source = await environmentWith({ [NUMBERS]: [item(1, 's1')], [TEXTS]: [item('q', 'sq')] });
      const x = await environmentWith({ [NUMBERS]: [item(5, 'x5')] });
      const y = await environmentWith({ [TEXTS]: [item('r', 'yr')] });
      const toX = { from: source, to: x, mode: 'overwrite' } as const;
      const toY = { from: source, to: y, mode: 'merge' } as const;
      const [previewX, previewY] = await Promise.all([
        service.preview(testConsoleContext(t.app), toX),
        service.preview(testConsoleContext(t.app), toY),
      ]);
      await Promise.all([
        service.transfer(testConsoleContext(t.app, 'x@example.com'), request(previewX, toX)),
        service.transfer(testConsoleContext(t.app, 'y@example.com'), request(previewY, toY)),
      ]);
      expect(await contentOf(x)).toEqual(await contentOf(source));
      expect((await contentOf(y))[TEXTS]?.map((row) => row.id)).toEqual(['q', 'r']);
    });
  });
});
