import { AbTestType, SegmentOperation, SegmentProperty } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('A/B-tests', () => {
  let t: TestApp;
  let cookie: string;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('abtests@example.com');
  });

  const call = (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const payloadOf = async (url: string, body?: unknown, environment = 'dev') => {
    const response = await call(url, body, environment);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  };
  const auditOf = async (target: string, environment = 'dev') =>
    (await t.auditEntries(cookie, environment)).filter((entry) => entry.target === target);
  const uniqueId = (prefix = 'test') => `${prefix}-${++counter}-${Date.now().toString(36)}`;
  const createTest = async (type: number = AbTestType.StickySegmentation, id = uniqueId()) => {
    await payloadOf('/api/abtest/create', { id, description: `about ${id}`, type });
    return id;
  };
  const activeVersion = async (id: string, weights = [500_000, 500_000]) => {
    const { version } = await payloadOf('/api/abtest/versions/save', { id, weights });
    await payloadOf('/api/abtest/activate/version', { id, version });
  };
  const usePlugin = (id: string, pluginId: number, state: 'active' | 'draft', environmentId = 'dev') =>
    t.app.db.pluginAbTestEntry.create({
      data: { environmentId, pluginId, state, position: 0, abTestId: id, abTestVersion: 0 },
    });

  describe('create', () => {
    it('creates an A/B-test with no version and audits it', async () => {
      const id = uniqueId('spring');
      const created = await payloadOf('/api/abtest/create', {
        id,
        description: '  Spring sale  ',
        type: AbTestType.Rollout,
      });
      expect(created).toEqual({
        id,
        description: 'Spring sale',
        active: false,
        created: expect.any(Number),
        modified: expect.any(Number),
        lastModifier: 'abtests@example.com',
        data: {
          type: 20,
          version: -1,
          cases: [],
          caseDescriptions: [],
          versions: [],
          segment: { conditions: [] },
        },
        usedBy: [],
      });
      expect(await payloadOf('/api/abtest/get', { id })).toEqual(created);
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({
          action: 'abtest.create',
          email: 'abtests@example.com',
          attributes: { description: 'Spring sale', type: 20 },
        }),
      ]);
    });

    it('refuses an existing id with 409 "ID already exists" and writes no audit entry', async () => {
      const id = await createTest();
      const response = await call('/api/abtest/create', { id, type: 0 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'ID already exists' });
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('keeps ids per environment', async () => {
      const id = await createTest();
      await payloadOf('/api/abtest/create', { id, type: 10 }, 'stable');
      expect((await payloadOf('/api/abtest/get', { id }, 'stable')).data.type).toBe(10);
      expect((await payloadOf('/api/abtest/get', { id })).data.type).toBe(0);
    });

    it.each([
      ['id', { id: '', type: 0 }, /^id: AB-test ID must not be empty/],
      ['id', { id: 'a'.repeat(37), type: 0 }, /^id: AB-test ID must be at most 36 characters/],
      ['id', { id: 'has space', type: 0 }, /^id: AB-test ID may contain only letters, digits, - and _/],
      ['description', { id: 'ok', type: 0, description: 'd'.repeat(101) }, /^description: .*100/],
      ['type', { id: 'ok', type: 5 }, /^type: type must be 0 \(Sticky segmentation\)/],
    ])('refuses a bad %s with 400 naming the field', async (_field, body, message) => {
      const response = await call('/api/abtest/create', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    });

    it('accepts 36 characters of the sanitised alphabet', async () => {
      const id = `A_b-${'9'.repeat(32)}`;
      expect((await payloadOf('/api/abtest/create', { id, type: 0 })).id).toBe(id);
    });

    it('creates exactly one A/B-test when the same id is created concurrently', async () => {
      const id = uniqueId('race');
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => call('/api/abtest/create', { id, type: 0 })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('answers /api/id/exist/abtest/{id} per environment', async () => {
      const id = await createTest();
      expect(await payloadOf(`/api/id/exist/abtest/${id}`)).toEqual({ exists: true });
      expect(await payloadOf(`/api/id/exist/abtest/${id}`, undefined, 'prod')).toEqual({ exists: false });
      expect(await payloadOf('/api/id/exist/abtest/nothing-here')).toEqual({ exists: false });
    });
  });

  describe('missing A/B-test', () => {
    it.each([
      ['/api/abtest/get', {}],
      ['/api/abtest/save', { abTest: { id: 'missing', description: 'x' } }],
      ['/api/abtest/save/description', { description: 'x' }],
      ['/api/abtest/save/case-descriptions', { descriptions: [] }],
      ['/api/abtest/versions/get', {}],
      ['/api/abtest/versions/save', { weights: [1_000_000] }],
      ['/api/abtest/activate/test', {}],
      ['/api/abtest/activate/version', { version: 0 }],
      ['/api/abtest/rollout/apply', { treatment: 10 }],
      ['/api/abtest/delete', {}],
    ])('%s answers 404 naming the A/B-test', async (url, body) => {
      const response = await call(url, { id: 'missing', ...body });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'AB-test not found' });
    });

    it('an id that could never exist is 404 too, not 400', async () => {
      const response = await call('/api/abtest/get', { id: 'no such.id' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('lists', () => {
    it('/list answers every A/B-test of the environment by id, /list/recent the 10 last modified', async () => {
      const environment = 'stable';
      const ids = Array.from({ length: 12 }, (_, index) => `list-${String(index).padStart(2, '0')}`);
      for (const id of ids) await payloadOf('/api/abtest/create', { id, type: 0 }, environment);
      await payloadOf('/api/abtest/save/description', { id: 'list-03', description: 'touched' }, environment);
      const all = (await payloadOf('/api/abtest/list', undefined, environment)) as { id: string }[];
      const listed = all.map((abTest) => abTest.id).filter((id) => id.startsWith('list-'));
      expect(listed).toEqual(ids);
      const recent = (await payloadOf('/api/abtest/list/recent', undefined, environment)) as { id: string }[];
      expect(recent).toHaveLength(10);
      expect(recent[0]!.id).toBe('list-03');
      expect(recent.map((abTest) => abTest.id)).not.toContain('list-00');
    });

    it("/list answers one page by id for {offset, limit}, with each test's versions and usage", async () => {
      const environment = 'paging';
      expect((await call('/api/configuration/save', { configurationId: environment })).statusCode).toBe(200);
      const ids = Array.from({ length: 7 }, (_, index) => `page-${index}`);
      for (const id of [...ids].reverse())
        await payloadOf('/api/abtest/create', { id, type: 0 }, environment);
      await payloadOf(
        '/api/abtest/versions/save',
        { id: 'page-3', weights: [400_000, 600_000] },
        environment,
      );
      await usePlugin('page-3', 4, 'draft', environment);
      const pageOf = async (body: unknown) =>
        ((await payloadOf('/api/abtest/list', body, environment)) as { id: string }[]).map(({ id }) => id);

      expect(await pageOf({ offset: 2, limit: 3 })).toEqual(['page-2', 'page-3', 'page-4']);
      expect(await pageOf({ offset: 5, limit: 3 })).toEqual(['page-5', 'page-6']);
      expect(await pageOf({ offset: 7, limit: 3 })).toEqual([]);
      expect(await pageOf({ limit: 2 })).toEqual(['page-0', 'page-1']);
      expect(await pageOf({ offset: 4 })).toEqual(['page-4', 'page-5', 'page-6']);
      expect(await pageOf({})).toEqual(ids);
      expect(await pageOf(null)).toEqual(ids);
      const [paged] = (await payloadOf('/api/abtest/list', { offset: 3, limit: 1 }, environment)) as object[];
      expect(paged).toEqual(await payloadOf('/api/abtest/get', { id: 'page-3' }, environment));
      expect(paged).toMatchObject({
        usedBy: [4],
        data: { versions: [{ version: 0, cases: [400_000, 600_000] }] },
      });
    });

    it.each([
      [{ limit: 0 }, /^limit: limit must be at least 1/],
      [{ limit: 1001 }, /^limit: limit must be at most 1000/],
      [{ offset: -1 }, /^offset: offset must be at least 0/],
      [{ offset: 1.5 }, /^offset: offset must be a whole number/],
    ])('refuses the list page %j with 400 naming the field', async (body, message) => {
      const response = await call('/api/abtest/list', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    });

    it('/list/usage pages the used A/B-tests by id too', async () => {
      const environment = 'usage-paging';
      expect((await call('/api/configuration/save', { configurationId: environment })).statusCode).toBe(200);
      for (const id of ['u-a', 'u-b', 'u-c', 'u-d'])
        await payloadOf('/api/abtest/create', { id, type: 0 }, environment);
      await usePlugin('u-a', 4, 'active', environment);
      await usePlugin('u-c', 10, 'active', environment);
      await usePlugin('u-d', 13, 'draft', environment);
      const usage = (await payloadOf('/api/abtest/list/usage', { offset: 1, limit: 1 }, environment)) as {
        id: string;
      }[];
      expect(usage.map(({ id }) => id)).toEqual(['u-c']);
    });

    it('/list/usage answers only A/B-tests used by a plugin, with usedBy from drafts and active sets', async () => {
      const environment = 'prod';
      const used = await createTest(0, 'used-test');
      const unused = await createTest(0, 'unused-test');
      expect(await payloadOf('/api/abtest/list/usage', undefined, environment)).toEqual([]);
      await payloadOf('/api/abtest/create', { id: used, type: 0 }, environment);
      await payloadOf('/api/abtest/create', { id: unused, type: 0 }, environment);
      await usePlugin(used, 10, 'draft', environment);
      await usePlugin(used, 4, 'active', environment);
      await usePlugin(used, 4, 'draft', environment);
      const usage = (await payloadOf('/api/abtest/list/usage', undefined, environment)) as {
        id: string;
        usedBy: number[];
      }[];
      expect(usage.map(({ id, usedBy }) => ({ id, usedBy }))).toEqual([{ id: used, usedBy: [4, 10] }]);
      expect((await payloadOf('/api/abtest/get', { id: used }, environment)).usedBy).toEqual([4, 10]);
      expect((await payloadOf('/api/abtest/get', { id: used })).usedBy).toEqual([]);
    });
  });

  describe('saving', () => {
    it('saves the description (trimmed) and audits before and after', async () => {
      const id = await createTest();
      const saved = await payloadOf('/api/abtest/save/description', { id, description: '  New text ' });
      expect(saved.description).toBe('New text');
      expect(saved.modified).toBeGreaterThanOrEqual(saved.created);
      expect((await auditOf(id))[0]).toMatchObject({
        action: 'abtest.description.save',
        attributes: { before: `about ${id}`, description: 'New text' },
      });
    });

    it('refuses a description over 100 characters with 400', async () => {
      const id = await createTest();
      const response = await call('/api/abtest/save/description', { id, description: 'x'.repeat(101) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^description: /);
    });

    it('saves case descriptions', async () => {
      const id = await createTest();
      const saved = await payloadOf('/api/abtest/save/case-descriptions', {
        id,
        descriptions: [' control ', 'treatment'],
      });
      expect(saved.data.caseDescriptions).toEqual(['control', 'treatment']);
      expect((await auditOf(id))[0]).toMatchObject({
        action: 'abtest.case-descriptions.save',
        attributes: { before: [], descriptions: ['control', 'treatment'] },
      });
    });

    it('/save writes description, case descriptions and segment only', async () => {
      const id = await createTest();
      const loaded = await payloadOf('/api/abtest/get', { id });
      const condition = { property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'IOS' };
      const saved = await payloadOf('/api/abtest/save', {
        abTest: {
          ...loaded,
          description: 'edited',
          active: true,
          data: {
            ...loaded.data,
            type: 20,
            version: 7,
            caseDescriptions: ['a'],
            segment: { conditions: [condition] },
          },
        },
      });
      expect(saved).toMatchObject({
        description: 'edited',
        active: false,
        data: {
          type: 0,
          version: -1,
          caseDescriptions: ['a'],
          segment: { conditions: [{ ...condition, value: 'ios' }] },
        },
      });
      expect((await auditOf(id))[0]).toMatchObject({ action: 'abtest.save' });
    });

    it('/save leaves omitted fields alone', async () => {
      const id = await createTest();
      await payloadOf('/api/abtest/save/case-descriptions', { id, descriptions: ['keep'] });
      const saved = await payloadOf('/api/abtest/save', { abTest: { id, description: 'only this' } });
      expect(saved.description).toBe('only this');
      expect(saved.data.caseDescriptions).toEqual(['keep']);
    });

    it('/save refuses an invalid condition with 409 naming it, and writes nothing', async () => {
      const id = await createTest();
      const response = await call('/api/abtest/save', {
        abTest: {
          id,
          description: 'never',
          data: { segment: { conditions: [{ property: SegmentProperty.Payer, op: 1, value: 'maybe' }] } },
        },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'Segment condition 1 is invalid (fault mask 8)' });
      expect((await payloadOf('/api/abtest/get', { id })).description).toBe(`about ${id}`);
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('/save of an active A/B-test accepts its unchanged segment but refuses a changed one', async () => {
      const id = await createTest();
      await activeVersion(id);
      await payloadOf('/api/abtest/activate/test', { id });
      const loaded = await payloadOf('/api/abtest/get', { id });
      const saved = await payloadOf('/api/abtest/save', { abTest: { ...loaded, description: 'fine' } });
      expect(saved.description).toBe('fine');
      const response = await call('/api/abtest/save', {
        abTest: {
          id,
          data: { segment: { conditions: [{ property: SegmentProperty.Payer, op: 1, value: 'true' }] } },
        },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'The segment of an active AB-test cannot be changed' });
    });
  });

  describe('test activation', () => {
    it('refuses an A/B-test without an active version: "AB-test has no active version", and says what to do', async () => {
      const id = await createTest();
      await payloadOf('/api/abtest/versions/save', { id, weights: [1_000_000] });
      const response = await call('/api/abtest/activate/test', { id });
      expect(response.statusCode).toBe(409);
      // The product's exact text stays the error; the publishing order is the hint beside it.
      expect(response.json().error).toBe('AB-test has no active version');
      expect(response.json().hint).toBe(
        'Save a version and leave it inactive, use it in a plugin draft and activate the draft (that activates the version), then activate the AB-test',
      );
      expect((await auditOf(id)).map((entry) => entry.action)).not.toContain('abtest.activate');
    });

    it('activates an A/B-test with an active version and audits it', async () => {
      const id = await createTest();
      await activeVersion(id);
      const activated = await payloadOf('/api/abtest/activate/test', { id });
      expect(activated.active).toBe(true);
      expect((await auditOf(id))[0]).toMatchObject({ action: 'abtest.activate', attributes: { version: 0 } });
    });

    it('never deactivates: "An active AB-test cannot be deactivated"; asking again is a no-op', async () => {
      const id = await createTest();
      await activeVersion(id);
      await payloadOf('/api/abtest/activate/test', { id, active: true });
      const entries = (await auditOf(id)).length;
      const response = await call('/api/abtest/activate/test', { id, active: false });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'An active AB-test cannot be deactivated' });
      expect((await payloadOf('/api/abtest/activate/test', { id })).active).toBe(true);
      expect(await auditOf(id)).toHaveLength(entries);
    });

    it('an inactive A/B-test switched off stays off without an audit entry', async () => {
      const id = await createTest();
      expect((await payloadOf('/api/abtest/activate/test', { id, active: false })).active).toBe(false);
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('refuses a non-boolean active with 400', async () => {
      const response = await call('/api/abtest/activate/test', { id: 'x', active: 'yes' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^active: /);
    });
  });

  describe('delete', () => {
    it('deletes an unused, inactive A/B-test with its versions and audits it', async () => {
      const id = await createTest();
      await payloadOf('/api/abtest/versions/save', { id, weights: [1_000_000] });
      expect(await payloadOf('/api/abtest/delete', { id })).toEqual({ id });
      expect((await call('/api/abtest/get', { id })).statusCode).toBe(404);
      expect(await t.app.db.abTestVersion.count({ where: { abTestId: id } })).toBe(0);
      expect((await auditOf(id))[0]).toMatchObject({
        action: 'abtest.delete',
        attributes: { type: 0, versions: [{ version: 0, active: false, cases: [1_000_000] }] },
      });
    });

    it('refuses an A/B-test a plugin uses, naming the plugins', async () => {
      const id = await createTest();
      await usePlugin(id, 4, 'draft');
      await usePlugin(id, 10, 'active');
      const response = await call('/api/abtest/delete', { id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: `AB-test '${id}' is used by plugins 4, 10 and cannot be deleted`,
      });
      expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['abtest.create']);
    });

    it('refuses an active A/B-test', async () => {
      const id = await createTest();
      await activeVersion(id);
      await payloadOf('/api/abtest/activate/test', { id });
      const response = await call('/api/abtest/delete', { id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: `AB-test '${id}' is active and cannot be deleted` });
      expect((await payloadOf('/api/abtest/get', { id })).active).toBe(true);
    });
  });
});
