import { RUNTIME_PATHS } from '@console/domain/runtime';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type ResolveRequest, type RuntimeClient } from '../src/index.ts';
import { quietLogger, untilRevision } from './client-helpers.ts';
import { type ConsoleUnderTest, startConsoleUnderTest } from './console-under-test.ts';
import { setUpGoldRush } from './gold-rush.ts';

// One answer shape: the SDK's local resolve() and the console's POST /runtime/v1/resolve, given the
// same body, answer the same receipt (and the same explanation with `explain: true`), field by field,
// for generated players: segments, cases, sticky assignments kept, assigned and dropped, levels, times.

const DAY_MS = 86_400_000;

const playerArbitrary = (now: number): fc.Arbitrary<ResolveRequest> =>
  fc.record(
    {
      userId: fc.oneof(
        fc.constantFrom('p-1', 'p-2', 'player-42'),
        fc.string({ minLength: 1, maxLength: 64 }),
      ),
      context: fc.record(
        {
          Platform: fc.constantFrom('ios', 'android', 'IOS', 'web'),
          ClientVersion: fc.constantFrom('1.0.0', '2.3.1', '10.0'),
          FirstCountry: fc.constantFrom('US', 'DE', 'FR'),
          Payer: fc.boolean(),
          PurchaseCount: fc.nat({ max: 1000 }),
          PurchaseAmount: fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100),
        },
        { requiredKeys: [] },
      ),
      level: fc.integer({ min: 1, max: 1000 }),
      at: fc.integer({ min: now - 30 * DAY_MS, max: now + 30 * DAY_MS }),
      // Sticky cases passed back: existing ones are kept, out-of-range ones dropped.
      assignments: fc.dictionary(fc.constantFrom('sdk-ios', 'sdk-all', 'gone-test'), fc.nat({ max: 3 })),
      explain: fc.boolean(),
    },
    { requiredKeys: ['userId', 'at'] },
  );

describe("resolve() answers what the console's POST /runtime/v1/resolve answers", () => {
  let server: ConsoleUnderTest;
  let key: string;
  let client: RuntimeClient;

  beforeAll(async () => {
    server = await startConsoleUnderTest();
    key = (await server.createRuntimeKey('dev')).key;
    await setUpGoldRush(server);
    client = createRuntimeClient({ url: server.runtimeUrl, key, logger: quietLogger });
    await client.start();
    // The client holds the last revision the set-up published (as the database has it).
    const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
    await untilRevision(client, latest);
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  const resolveRemotely = async (body: ResolveRequest) => {
    const response = await fetch(`${server.runtimeUrl}${RUNTIME_PATHS.resolve}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return (JSON.parse(text) as { payload: unknown }).payload;
  };

  it('for generated players, receipts and explanations alike', async () => {
    const kinds = new Set<string>();
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(playerArbitrary(Date.now()), async (request) => {
        const local = client.resolve(request);
        expect(local).toEqual(await resolveRemotely(request));
        kinds.add(local.kind);
        for (const plugin of local.plugins) outcomes.add(`${plugin.pluginName} ${plugin.outcome}`);
      }),
      { numRuns: 150 },
    );
    // The runs met both answers and more than one outcome of the plugin the set-up switched on.
    expect([...kinds].sort()).toEqual(['explanation', 'receipt']);
    expect([...outcomes].filter((outcome) => outcome.startsWith('GOLD_RUSH')).length).toBeGreaterThan(1);
  });

  it('for a player without context, level or assignments, at the same instant', async () => {
    const at = Date.now();
    const local = client.resolve({ userId: 'bare-player', at });
    expect(local.kind).toBe('receipt');
    expect(local).toEqual(await resolveRemotely({ userId: 'bare-player', at }));
    expect(local).toMatchObject({ userId: 'bare-player', level: 1, at, assignments: expect.any(Object) });
  });
});
