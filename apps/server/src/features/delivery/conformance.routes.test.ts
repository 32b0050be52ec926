import type { CreatedRuntimeKey } from '@console/domain/operations';
import type { RuntimeContent } from '@console/domain/runtime';
import { countConformanceTests, loadConformanceSuite, loadRefusals } from '@console/runtime-spec';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, UNTIL_EVENT } from '../../../test/helpers.ts';
import { insertRuntimeRevision } from '../../testing/index.ts';
import { json, request } from './delivery.test-helpers.ts';

// The runtime specification's conformance suite (packages/runtime-spec/v1) through the game servers'
// HTTP call: each file's snapshot is published as dev's next revision, then every test of the file is
// sent to POST /runtime/v1/resolve over a real socket, and the answer must be the expected receipt.

const suite = loadConformanceSuite('v1');
const refusals = loadRefusals('v1');
/** Requests in flight at once: enough to keep one server busy, few enough to stay polite on two cores. */
const PARALLEL = 16;

describe('POST /runtime/v1/resolve passes the runtime specification', () => {
  let t: TestApp;
  let base: string;
  let key: CreatedRuntimeKey;

  beforeAll(async () => {
    t = await createTestApp({}, { runtime: { checkMs: 3_600_000 } });
    key = (await t.post('/api/runtime-keys/create', { name: 'conformance' }, await t.login())).json().payload;
    base = await t.url();
  });

  it(`answers all ${countConformanceTests(suite)} tests of the ${suite.length} files with the expected receipts`, {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = [];
    for (const { file, snapshot, tests } of suite) {
      const content = snapshot.content as unknown as RuntimeContent;
      const { revision } = await insertRuntimeRevision(t.databaseUrl, { environmentId: 'dev', content });
      await expect.poll(() => t.app.runtimeCache.get('dev')?.revision, UNTIL_EVENT).toBe(revision);
      for (let start = 0; start < tests.length; start += PARALLEL) {
        const batch = tests.slice(start, start + PARALLEL);
        const answers = await Promise.all(
          batch.map((test) =>
            request(`${base}/runtime/v1/resolve`, {
              method: 'POST',
              headers: { authorization: `Bearer ${key.key}` },
              body: { ...test.player, at: test.at, assignments: test.assignments },
            }),
          ),
        );
        answers.forEach((answer, index) => {
          const test = batch[index]!;
          const received = answer.status === 200 ? json(answer).payload : json(answer);
          if (JSON.stringify(sorted(received)) !== JSON.stringify(sorted(test.expected))) {
            failures.push(`${file}: ${test.description}: answered ${JSON.stringify(received).slice(0, 400)}`);
          }
        });
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it(`refuses the ${refusals.requests.length} bodies of refusals.json with 400 and the message they give`, async () => {
    const answers = await Promise.all(
      refusals.requests.map(async ({ description, body }) => {
        const answer = await request(`${base}/runtime/v1/resolve`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.key}` },
          body,
        });
        return { description, status: answer.status, error: json(answer).error };
      }),
    );
    expect(answers).toEqual(
      refusals.requests.map(({ description, error }) => ({ description, status: 400, error })),
    );
  });
});

/** The value with every object's keys in order, so two answers compare as JSON values. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, entry]) => [name, sorted(entry)]),
    );
  }
  return value;
}
