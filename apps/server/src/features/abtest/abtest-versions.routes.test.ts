import { AbTestType } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('A/B-test versions', () => {
  let t: TestApp;
  let cookie: string;
  let baseUrl: string;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('versions@example.com');
    // The races go over real HTTP connections to a listening server, each request on its own socket
    // and its own pooled database connection.
    baseUrl = await t.url();
  });

  const call = (url: string, body?: unknown) => t.post(`${url}?configuration=dev`, body, cookie);
  const payloadOf = async (url: string, body?: unknown) => {
    const response = await call(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  };
  const overHttp = async (url: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${url}?configuration=dev`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { payload: { version: number }; error: string };
    return { status: response.status, body: answer };
  };
  const auditOf = async (target: string) =>
    (await t.auditEntries(cookie)).filter((entry) => entry.target === target);
  const createTest = async (type: number = AbTestType.StickySegmentation) => {
    const id = `versions-${++counter}`;
    await payloadOf('/api/abtest/create', { id, type });
    return id;
  };

  describe('saving', () => {
    it('numbers versions 0, 1, 2 and answers each; the A/B-test stays at "No version" (-1)', async () => {
      const id = await createTest();
      const first = await payloadOf('/api/abtest/versions/save', { id, weights: [1_000_000] });
      expect(first).toEqual({
        version: 0,
        active: false,
        cases: [1_000_000],
        created: expect.any(Number),
        lastModifier: 'versions@example.com',
      });
      await payloadOf('/api/abtest/versions/save', { id, weights: ['600000', 400_000] });
      await payloadOf('/api/abtest/versions/save', { id, weights: [333_334, 333_333, 333_333] });
      const versions = await payloadOf('/api/abtest/versions/get', { id });
      expect(versions.map((v: { version: number; cases: number[] }) => [v.version, v.cases])).toEqual([
        [2, [333_334, 333_333, 333_333]],
        [1, [600_000, 400_000]],
        [0, [1_000_000]],
      ]);
      const abTest = await payloadOf('/api/abtest/get', { id });
      expect(abTest.data).toMatchObject({ version: -1, cases: [] });
      expect((await auditOf(id))[0]).toMatchObject({
        action: 'abtest.version.save',
        attributes: { version: 2, cases: [333_334, 333_333, 333_333] },
      });
    });

    it.each([
      [[], 'weights: Weights cannot be empty'],
      [[500_000, 400_000], 'weights: Weights must total 1000000 (100%), but they total 900000 (90.0000%)'],
      [[1_000_001, -1], 'weights.1: each weight must be a whole number of at least 0'],
      [[500_000.5, 499_999.5], 'weights.0: each weight must be a whole number of at least 0'],
      [['abc'], 'weights.0: each weight must be a whole number of at least 0'],
    ])('refuses weights %j with 400: %s', async (weights, error) => {
      const id = await createTest();
      const response = await call('/api/abtest/versions/save', { id, weights });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error });
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('refuses a rollout version without exactly two cases', async () => {
      const id = await createTest(AbTestType.Rollout);
      const response = await call('/api/abtest/versions/save', { id, weights: [300_000, 300_000, 400_000] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'Rollout versions must have exactly 2 cases, not 3' });
      expect(
        (await payloadOf('/api/abtest/versions/save', { id, weights: [900_000, 100_000] })).version,
      ).toBe(0);
    });

    it('races: N concurrent saves get versions 0..N-1 exactly, with N audit entries', async () => {
      const id = await createTest();
      const count = 8;
      const responses = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          overHttp('/api/abtest/versions/save', { id, weights: [index, 1_000_000 - index] }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(count).fill(200));
      const numbers = responses.map((response) => response.body.payload.version as number);
      expect([...numbers].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
      // Each answer is the version its own weights were stored under.
      const versions = (await payloadOf('/api/abtest/versions/get', { id })) as {
        version: number;
        cases: number[];
      }[];
      for (const [index, response] of responses.entries()) {
        expect(versions.find((v) => v.version === response.body.payload.version)?.cases).toEqual([
          index,
          1_000_000 - index,
        ]);
      }
      const audit = (await auditOf(id)).filter((entry) => entry.action === 'abtest.version.save');
      expect(audit).toHaveLength(count);
      // Audit entries commit in version order: numbering follows the lock order.
      expect(audit.map((entry) => entry.attributes.version).reverse()).toEqual([...Array(count).keys()]);
    });
  });

  describe('activation', () => {
    it('activates a newer version: it becomes current and its weights the cases', async () => {
      const id = await createTest();
      await payloadOf('/api/abtest/versions/save', { id, weights: [1_000_000] });
      await payloadOf('/api/abtest/versions/save', { id, weights: [250_000, 750_000] });
      const activated = await payloadOf('/api/abtest/activate/version', { id, version: 1 });
      expect(activated.data).toMatchObject({ version: 1, cases: [250_000, 750_000] });
      expect(activated.data.versions.map((v: { active: boolean }) => v.active)).toEqual([false, true]);
      expect((await auditOf(id))[0]).toMatchObject({
        action: 'abtest.version.activate',
        attributes: { version: 1, previousVersion: -1, cases: [250_000, 750_000] },
      });
    });

    it('refuses an active version, an older one and a missing one, writing nothing', async () => {
      const id = await createTest();
      for (const weights of [[1_000_000], [1_000_000], [1_000_000]]) {
        await payloadOf('/api/abtest/versions/save', { id, weights });
      }
      await payloadOf('/api/abtest/activate/version', { id, version: 1 });
      const entries = (await auditOf(id)).length;
      const cases = [
        [1, 409, 'Version 1 is already active'],
        [0, 409, 'Version 0 is not newer than the current version 1'],
        [9, 404, `Version 9 of AB-test '${id}' not found`],
      ] as const;
      for (const [version, status, error] of cases) {
        const response = await call('/api/abtest/activate/version', { id, version });
        expect([response.statusCode, response.json()]).toMatchObject([status, { error }]);
      }
      expect(await auditOf(id)).toHaveLength(entries);
      expect((await payloadOf('/api/abtest/get', { id })).data.version).toBe(1);
    });

    it('refuses a negative or fractional version with 400', async () => {
      const response = await call('/api/abtest/activate/version', { id: 'x', version: 1.5 });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^version: /);
    });

    it('races: concurrent activations of different versions end consistent and strictly increasing', async () => {
      const id = await createTest();
      const count = 6;
      for (let index = 0; index < count; index++) {
        await payloadOf('/api/abtest/versions/save', { id, weights: [index, 1_000_000 - index] });
      }
      const responses = await Promise.all(
        [...Array(count).keys()].map((version) => overHttp('/api/abtest/activate/version', { id, version })),
      );
      const succeeded = [...Array(count).keys()].filter((version) => responses[version]!.status === 200);
      expect(succeeded.length).toBeGreaterThanOrEqual(1);
      for (const [version, response] of responses.entries()) {
        if (response.status === 200) continue;
        expect(response.status).toBe(409);
        expect(response.body.error).toMatch(
          new RegExp(`^Version ${version} is not newer than the current version \\d+$`),
        );
      }
      const abTest = await payloadOf('/api/abtest/get', { id });
      const highest = Math.max(...succeeded);
      expect(abTest.data.version).toBe(highest);
      expect(abTest.data.cases).toEqual([highest, 1_000_000 - highest]);
      const active = abTest.data.versions
        .filter((v: { active: boolean }) => v.active)
        .map((v: { version: number }) => v.version);
      expect(active).toEqual(succeeded);
      // In commit order (audit ids ascending), every activation was newer than the one before.
      const audit = (await auditOf(id))
        .filter((entry) => entry.action === 'abtest.version.activate')
        .reverse();
      expect(audit.map((entry) => entry.attributes.version)).toEqual([...succeeded].sort((a, b) => a - b));
      for (const [index, entry] of audit.entries()) {
        expect(entry.attributes.previousVersion).toBe(
          index === 0 ? -1 : audit[index - 1]!.attributes.version,
        );
      }
    });
  });

  describe('rollout apply', () => {
    it('saves [100 - t, t] % as a version and activates it in one call', async () => {
      const id = await createTest(AbTestType.Rollout);
      const first = await payloadOf('/api/abtest/rollout/apply', { id, treatment: 10 });
      expect(first.data).toMatchObject({ version: 0, cases: [900_000, 100_000] });
      const second = await payloadOf('/api/abtest/rollout/apply', { id, treatment: 2.5 });
      expect(second.data).toMatchObject({ version: 1, cases: [975_000, 25_000] });
      expect(second.data.versions.map((v: { active: boolean }) => v.active)).toEqual([true, true]);
      const audit = await auditOf(id);
      expect(audit.map((entry) => entry.action)).toEqual([
        'abtest.rollout.apply',
        'abtest.rollout.apply',
        'abtest.create',
      ]);
      expect(audit[0]!.attributes).toEqual({
        treatment: 2.5,
        version: 1,
        previousVersion: 0,
        cases: [975_000, 25_000],
      });
    });

    it('refuses an A/B-test that is not a rollout, writing nothing', async () => {
      const id = await createTest(AbTestType.DynamicSegmentation);
      const response = await call('/api/abtest/rollout/apply', { id, treatment: 50 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: `AB-test '${id}' is not a rollout` });
      expect(await payloadOf('/api/abtest/versions/get', { id })).toEqual([]);
    });

    it.each([-1, 101, '50'])('refuses treatment %j with 400', async (treatment) => {
      const response = await call('/api/abtest/rollout/apply', { id: 'x', treatment });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^treatment: /);
    });

    it('races: concurrent applies each add one active version, strictly increasing', async () => {
      const id = await createTest(AbTestType.Rollout);
      const responses = await Promise.all(
        [10, 20, 30, 40].map((treatment) => overHttp('/api/abtest/rollout/apply', { id, treatment })),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      const abTest = await payloadOf('/api/abtest/get', { id });
      expect(
        abTest.data.versions.map((v: { version: number; active: boolean }) => [v.version, v.active]),
      ).toEqual([
        [0, true],
        [1, true],
        [2, true],
        [3, true],
      ]);
      expect(abTest.data.version).toBe(3);
    });
  });
});
