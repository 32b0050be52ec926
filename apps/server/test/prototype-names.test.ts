import { isReservedIdentifier, RESERVED_IDENTIFIERS } from '@console/domain/api';
import { DEFAULT_REVIEW_POLICY } from '@console/domain/change-request';
import { roleGivenIn } from '@console/domain/users';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validItem } from '../src/features/config/config.test-data.ts';
import { seedEnvironments } from '../src/features/environment/environment.service.ts';
import { testConsoleContext } from '../src/testing/context.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Names an operator may type that a plain JavaScript object already answers: every member of
// Object.prototype (`constructor`, `toString`, `__proto__`, ...) and the words JavaScript reads as values.
// Every new id refuses them (environments, A/B-tests, configurations, runtime key names); those an
// earlier version created are still read, and the authorisation and the web app's start-up calls
// (/api/auth/me, the environment list) keep answering for everyone, with the right roles.

const NAMES = [...RESERVED_IDENTIFIERS];
const ROOT = 'root@example.com';
const STORED_ADMIN = 'stored-admin@example.com';
const OPERATOR = 'operator@example.com';
const VIEWER = 'viewer@example.com';

interface Me {
  role: string;
  environments: { id: string; role: string; isProtected: boolean }[];
}

describe('ids named after what a JavaScript object already answers', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const me = async (email: string): Promise<Me> => {
    const response = await t.post('/api/auth/me', undefined, cookies[email]);
    expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
    return response.json().payload;
  };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ROOT, DEFAULT_ROLE: 'viewer' });
    for (const email of [ROOT, STORED_ADMIN, OPERATOR, VIEWER]) cookies[email] = await t.login(email);
    for (const [email, role] of [
      [STORED_ADMIN, 'admin'],
      [OPERATOR, 'operator'],
    ]) {
      const set = await t.post('/api/users/role/set', { email, role }, cookies[ROOT]);
      expect(set.statusCode, set.body).toBe(200);
    }
  });

  it('refuses every one of them as the id of a new environment, naming the field', async () => {
    for (const name of NAMES.filter((name) => /^[A-Za-z0-9_-]{1,36}$/.test(name))) {
      const created = await t.post('/api/configuration/save', { configurationId: name }, cookies[ROOT]);
      expect(created.statusCode, name).toBe(400);
      expect(created.json().error, name).toMatch(/^configurationId: must not be a name JavaScript gives/);
    }
    const list = (await t.post('/api/configuration/list', undefined, cookies[VIEWER])).json().payload;
    expect(list).toEqual(['dev', 'stable', 'prod']);
  });

  it('refuses every one of them as the id of a new A/B-test or configuration and the name of a runtime key', async () => {
    const rule =
      'must not be a name JavaScript gives a meaning of its own (such as constructor, __proto__, NaN)';
    for (const name of NAMES) {
      const abTest = await t.post(
        '/api/abtest/create',
        { id: name, description: name, type: 0 },
        cookies[OPERATOR],
      );
      expect(abTest.statusCode, `A/B-test ${name}`).toBe(400);
      expect(abTest.json().error, `A/B-test ${name}`).toBe(`id: AB-test ID ${rule}`);
      const config = await t.post('/api/config/duel/create', validItem('duel', name), cookies[OPERATOR]);
      expect(config.statusCode, `configuration ${name}`).toBe(400);
      expect(config.json().error, `configuration ${name}`).toBe(`id: Configuration ID ${rule}`);
      const key = await t.post('/api/runtime-keys/create', { name }, cookies[ROOT]);
      expect(key.statusCode, `runtime key ${name}`).toBe(400);
      expect(key.json().error, `runtime key ${name}`).toBe(`name: name ${rule}`);
    }
    expect((await t.post('/api/abtest/list', undefined, cookies[VIEWER])).json().payload).toEqual([]);
    expect((await t.post('/api/runtime-keys/list', undefined, cookies[ROOT])).json().payload).toEqual([]);
  });

  it('reads and lists the A/B-tests and configurations of those names that an earlier version created', async () => {
    const legacy = NAMES.filter((name) => /^[A-Za-z0-9_-]+$/.test(name) && name !== '__proto__');
    // Copies of one created over HTTP, written straight into the database, as an older console did.
    const created = await t.post(
      '/api/abtest/create',
      { id: 'legacy-template', description: 'x', type: 0 },
      cookies[OPERATOR],
    );
    expect(created.statusCode, created.body).toBe(200);
    const config = await t.post(
      '/api/config/duel/create',
      validItem('duel', 'legacy-template'),
      cookies[OPERATOR],
    );
    expect(config.statusCode, config.body).toBe(200);
    const abTestRow = await t.app.db.abTest.findFirstOrThrow({ where: { id: 'legacy-template' } });
    const configRow = await t.app.db.configuration.findFirstOrThrow({ where: { id: 'legacy-template' } });
    for (const id of legacy) {
      await t.app.db.abTest.create({ data: { ...abTestRow, id, segment: abTestRow.segment ?? {} } });
      await t.app.db.configuration.create({
        data: { ...configRow, id, activation: configRow.activation ?? {}, data: configRow.data ?? {} },
      });
    }
    for (const name of legacy) {
      const got = await t.post('/api/abtest/get', { id: name }, cookies[VIEWER]);
      expect(got.statusCode, `${name}: ${got.body}`).toBe(200);
      expect(got.json().payload.id).toBe(name);
      const item = await t.post('/api/config/duel/get', { id: name }, cookies[VIEWER]);
      expect(item.statusCode, `${name}: ${item.body}`).toBe(200);
    }
    const listed = (await t.post('/api/abtest/list', undefined, cookies[VIEWER])).json().payload;
    expect(listed.map((test: { id: string }) => test.id)).toEqual(expect.arrayContaining(legacy));
    for (const email of [ROOT, STORED_ADMIN, OPERATOR, VIEWER]) await me(email);
  });

  describe('environments of those names that an earlier version let an operator create', () => {
    const legacy = NAMES.filter((name) => /^[A-Za-z0-9_-]{1,36}$/.test(name));

    beforeAll(async () => {
      // Written straight into the database, as an older console did; a start-up tops them up.
      for (const id of legacy) await t.app.db.environment.create({ data: { id, description: 'legacy' } });
      await seedEnvironments(testConsoleContext(t.app), t.app.environmentSetup);
      t.app.environments.invalidate();
    });

    it('keep /api/auth/me and the environment list answering for everyone, with the console-wide role there', async () => {
      const expected = {
        [ROOT]: 'admin',
        [STORED_ADMIN]: 'admin',
        [OPERATOR]: 'operator',
        [VIEWER]: 'viewer',
      };
      for (const [email, role] of Object.entries(expected)) {
        const rights = await me(email);
        for (const id of legacy) {
          expect(
            rights.environments.find((entry) => entry.id === id),
            `${email} in ${id}`,
          ).toEqual({
            id,
            role,
            isProtected: false,
            review: DEFAULT_REVIEW_POLICY,
          });
        }
        const list = await t.post('/api/configuration/list', undefined, cookies[email]);
        expect(list.json().payload).toEqual(expect.arrayContaining(legacy));
      }
    });

    it('check rights there like anywhere (property: any role, any of those environments, any call)', async () => {
      const calls = [
        { url: '/api/abtest/list', body: undefined, needs: 'viewer' },
        {
          url: '/api/abtest/create',
          body: { id: 'in-legacy', description: 'x', type: 0 },
          needs: 'operator',
        },
        { url: '/api/nice/get', body: undefined, needs: 'admin' },
      ] as const;
      const rank = { viewer: 0, operator: 1, admin: 2 };
      const users = [
        [STORED_ADMIN, 'admin'],
        [OPERATOR, 'operator'],
        [VIEWER, 'viewer'],
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...legacy),
          fc.constantFrom(...users),
          fc.constantFrom(...calls),
          async (environment, [email, role], call) => {
            const response = await t.post(
              `${call.url}?configuration=${environment}`,
              call.body,
              cookies[email],
            );
            if (rank[role] >= rank[call.needs]) {
              expect([200, 409], `${email} ${call.url} in ${environment}: ${response.body}`).toContain(
                response.statusCode,
              );
            } else {
              expect(response.json(), `${email} ${call.url} in ${environment}`).toMatchObject({
                error: `Requires ${call.needs} rights in ${environment}`,
              });
            }
          },
        ),
        { numRuns: 60, seed: 20261201 },
      );
    });

    it('can be repaired by an ADMIN_EMAILS admin: roles given and taken there, protection set', async () => {
      for (const environment of legacy) {
        const given = await t.post(
          '/api/users/role/set',
          { email: VIEWER, environment, role: 'operator' },
          cookies[ROOT],
        );
        expect(given.statusCode, `${environment}: ${given.body}`).toBe(200);
        // The Users list's roles are a JSON object by environment id, where __proto__ cannot be a key:
        // its role there is read from /api/auth/me below.
        if (environment !== '__proto__')
          expect(roleGivenIn(given.json().payload, environment)).toBe('operator');
        const role = (await me(VIEWER)).environments.find((entry) => entry.id === environment)?.role;
        expect(role, environment).toBe('operator');
        const taken = await t.post(
          '/api/users/role/set',
          { email: VIEWER, environment, role: null },
          cookies[ROOT],
        );
        expect(taken.statusCode, `${environment}: ${taken.body}`).toBe(200);
        const protect = await t.post(
          '/api/users/environment/protect',
          { environment, isProtected: true },
          cookies[ROOT],
        );
        expect(protect.json(), environment).toEqual({ payload: { id: environment, isProtected: true } });
        const refused = await t.post(
          `/api/abtest/create?configuration=${environment}`,
          {
            id: 'after-protect',
            description: 'x',
            type: 0,
          },
          cookies[OPERATOR],
        );
        expect(refused.json()).toMatchObject({
          error: `Requires admin rights in ${environment} (a protected environment)`,
        });
      }
      const users = (await t.post('/api/users/list', undefined, cookies[ROOT])).json().payload;
      expect(users.environments.map((entry: { id: string }) => entry.id)).toEqual(
        expect.arrayContaining(legacy),
      );
      for (const email of [ROOT, STORED_ADMIN, OPERATOR, VIEWER]) await me(email);
    });
  });

  it('refuses a body holding __proto__ or constructor.prototype, naming where the key is', async () => {
    const cases = [
      [
        '{"id": "x", "__proto__": {"role": "admin"}}',
        '__proto__: must not be a key: JavaScript gives __proto__ a meaning of its own',
      ],
      [
        '{"id": "x", "weights": [1, {"\\u005f_proto__": 1}]}',
        'weights.1.__proto__: must not be a key: JavaScript gives __proto__ a meaning of its own',
      ],
      [
        '{"id": "x", "constructor": {"prototype": {"role": "admin"}}}',
        'constructor: must not be a key holding prototype: JavaScript gives constructor.prototype a meaning of its own',
      ],
    ] as const;
    for (const [payload, error] of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/abtest/versions/save',
        headers: { cookie: cookies[OPERATOR]!, 'content-type': 'application/json' },
        payload,
      });
      expect(answer.statusCode, payload).toBe(400);
      expect(answer.json().error, payload).toBe(error);
    }
    // Keys that only look alike are fields like any other (refused by the call's schema, not as JSON).
    const plain = await t.request({
      method: 'POST',
      url: '/api/abtest/versions/save',
      headers: { cookie: cookies[OPERATOR]!, 'content-type': 'application/json' },
      payload: '{"id": "x", "weights": [1], "constructor": "x"}',
    });
    expect(plain.json().error).not.toMatch(/JavaScript gives/);
  });

  it('leaves Object.prototype as it was', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).every(isReservedIdentifier)).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
