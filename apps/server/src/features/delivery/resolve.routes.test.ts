import { SegmentOperation, SegmentProperty, WorldEventStatus } from '@console/domain/enums';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import {
  explanationOf,
  type PlayerExplanation,
  type PlayerReceipt,
  playerExplanationSchema,
  playerReceiptSchema,
  type RuntimeContent,
  receiptOf,
  resolvePlayer,
  resolveReceipt,
} from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, UNTIL_EVENT } from '../../../test/helpers.ts';
import { insertRuntimeRevision, makeRuntimeContent } from '../../testing/index.ts';
import { countQueries, json, request, stopRegistryHeartbeat } from './delivery.test-helpers.ts';

const AT = Date.parse('2026-03-10T10:30:00Z');

/** Two plugins: the first's only entry targets iOS players, the second's takes everybody. */
function contentWithSegment(): RuntimeContent {
  const content = makeRuntimeContent({ plugins: 2, tag: 'resolve' });
  const iosOnly = content.abTests[0]!;
  iosOnly.segment = {
    conditions: [{ property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' }],
  };
  return content;
}

describe('POST /runtime/v1/resolve', () => {
  let t: TestApp;
  let base: string;
  let key: CreatedRuntimeKey;
  let content: RuntimeContent;
  const resolve = (body: unknown, headers: Record<string, string> = {}) =>
    request(`${base}/runtime/v1/resolve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, ...headers },
      body,
    });

  beforeAll(async () => {
    t = await createTestApp({}, { runtime: { checkMs: 3_600_000 } });
    key = (await t.post('/api/runtime-keys/create', { name: 'thin servers' }, await t.login())).json()
      .payload;
    content = contentWithSegment();
    const { revision } = await insertRuntimeRevision(t.databaseUrl, { environmentId: 'dev', content });
    base = await t.url();
    await vi.waitFor(() => expect(t.app.runtimeCache.get('dev')?.revision).toBe(revision), UNTIL_EVENT);
  });
  afterAll(() => vi.restoreAllMocks());

  it("answers what resolvePlayer gives for the player on the key's environment's current revision, without the reasons", async () => {
    const player = { userId: 'player-1', context: { Platform: 'ios', Payer: true }, level: 12, at: AT };
    const answer = await resolve(player);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const payload = json(answer).payload as PlayerReceipt;
    expect(playerReceiptSchema.strict().parse(payload)).toEqual(payload);
    const resolution = resolvePlayer(content, { ...player, assignments: undefined }, AT);
    expect(payload).toEqual(JSON.parse(JSON.stringify(receiptOf(resolution))));
    expect(payload).toEqual(JSON.parse(JSON.stringify(resolveReceipt(content, player, AT))));
    expect(payload).toMatchObject({ userId: 'player-1', level: 12, at: AT, assignments: {} });
    expect(
      payload.plugins.map(({ configuration, ...plugin }) => ({ ...plugin, id: configuration?.id })),
    ).toEqual(
      content.plugins.map((plugin, index) => ({
        pluginId: plugin.id,
        pluginName: plugin.name,
        outcome: 'configuration',
        status: WorldEventStatus.Running,
        abTestId: content.abTests[index]!.id,
        caseIndex: 0,
        // Continuous from 1970 without cooldown or end: it never stops serving
        runningUntil: null,
        id: content.configurations[index]!.id,
      })),
    );
  });

  it('answers the whole resolution, with why each entry did or did not apply, when `explain` is true', async () => {
    const player = { userId: 'player-1', context: { Platform: 'android' }, level: 12, at: AT };
    const payload = json(await resolve({ ...player, explain: true })).payload as PlayerExplanation;
    expect(playerExplanationSchema.strict().parse(payload)).toEqual(payload);
    expect(payload.kind).toBe('explanation');
    expect(payload).toEqual(JSON.parse(JSON.stringify(explanationOf(resolvePlayer(content, player, AT)))));
    expect(payload.plugins[0]!.skipped).toMatchObject([{ cause: { reason: 'segment' } }]);
    expect(payload.plugins[1]!.matched).toMatchObject({ abTestId: content.abTests[1]!.id, caseIndex: 0 });
    const receipt = json(await resolve({ ...player, explain: false })).payload;
    expect(receipt).toEqual(JSON.parse(JSON.stringify(receiptOf(resolvePlayer(content, player, AT)))));
  });

  it('applies the segment: an Android player gets the first plugin’s default, the second plugin’s configuration', async () => {
    const payload = json(await resolve({ userId: 'player-2', context: { Platform: 'android' }, at: AT }))
      .payload as PlayerReceipt;
    expect(payload.level).toBe(1);
    expect(payload.plugins[0]).toMatchObject({
      outcome: 'no-match',
      status: WorldEventStatus.NotFound,
      configuration: null,
      abTestId: null,
      caseIndex: null,
    });
    expect(payload.plugins[1]!.configuration?.id).toBe(content.configurations[1]!.id);
    // Without a context nobody is on iOS either.
    const bare = json(await resolve({ userId: 'player-3', at: AT })).payload as PlayerReceipt;
    expect(bare.plugins[0]!.configuration).toBeNull();
  });

  it('resolves at the server’s clock when `at` is absent', async () => {
    const before = Date.now();
    const payload = json(await resolve({ userId: 'player-1', context: {} })).payload as PlayerReceipt;
    expect(payload.at).toBeGreaterThanOrEqual(before);
    expect(payload.at).toBeLessThanOrEqual(Date.now());
  });

  it('refuses bad input with 400 naming the field and saying what it must be', async () => {
    const takes = 'the body takes userId, context, level, at, assignments, explain';
    const atRange =
      'at: at must be UTC milliseconds (a whole number from 946684800000, 2000-01-01, to 253402300799999, 9999-12-31)';
    const cases: [unknown, string][] = [
      [{}, 'userId: userId is required'],
      [{ userId: 3 }, 'userId: userId must be a text'],
      [{ userId: '' }, 'userId: userId must not be empty'],
      [{ userId: 'p', assignment: { t: 1 } }, `body: unknown field 'assignment': ${takes}`],
      [{ userId: 'p', explian: true, x: 1 }, `body: unknown fields 'explian', 'x': ${takes}`],
      [{ userId: 'p', context: { Platform: 3 } }, 'context.Platform: context.Platform must be a text'],
      [
        { userId: 'p', context: { Level: 3 } },
        "context: unknown field 'Level': context takes Platform, ClientVersion, FirstCountry, Payer, PurchaseCount, PurchaseAmount",
      ],
      [
        { userId: 'p', context: { PurchaseCount: -1 } },
        'context.PurchaseCount: context.PurchaseCount must be a whole number from 0 to 2147483647',
      ],
      [{ userId: 'p', level: 1.5 }, 'level: level must be a whole number from 1 to 1000000'],
      [{ userId: 'p', level: 2_000_000 }, 'level: level must be a whole number from 1 to 1000000'],
      [{ userId: 'p', level: 0 }, 'level: level must be a whole number from 1 to 1000000'],
      [{ userId: 'p', at: 'now' }, atRange],
      [{ userId: 'p', at: 1_773_138_600 }, `${atRange}; 1773138600 looks like seconds: multiply it by 1000`],
      [{ userId: 'p', at: AT + 0.5 }, atRange],
      [
        { userId: 'p', assignments: { t: -1 } },
        'assignments.t: a case index of assignments must be a whole number from 0 to 1000',
      ],
      [{ userId: 'p', explain: 'yes' }, 'explain: explain must be true or false'],
      [[], 'body: the body must be a JSON object (userId, context, level, at, assignments, explain)'],
    ];
    for (const [body, message] of cases) {
      const answer = await resolve(body);
      expect({ body, status: answer.status, error: json(answer).error }).toEqual({
        body,
        status: 400,
        error: message,
      });
    }
    const notJson = await request(`${base}/runtime/v1/resolve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('is refused like every runtime call: no key 401, another environment 403, before the body is read', async () => {
    expect(
      (await request(`${base}/runtime/v1/resolve`, { method: 'POST', body: { userId: 'p' } })).status,
    ).toBe(401);
    const elsewhere = await request(`${base}/runtime/v1/resolve?configuration=prod`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}` },
      body: { userId: 'p' },
    });
    expect(elsewhere.status).toBe(403);
  });

  it('asks the database nothing', async () => {
    await stopRegistryHeartbeat(t.app);
    const queries = countQueries();
    try {
      for (let index = 0; index < 50; index++) {
        const answer = await resolve({ userId: `player-${index}`, context: { Platform: 'ios' }, at: AT });
        expect(answer.status).toBe(200);
      }
      expect(queries.texts).toEqual([]);
    } finally {
      queries.restore();
    }
  });

  it('is documented with its body and answer', async () => {
    const document = json(await request(`${base}/docs/json`));
    const operation = document.paths['/runtime/v1/resolve'];
    expect(Object.keys(operation)).toEqual(['post']);
    expect(operation.post).toMatchObject({ tags: ['runtime'], security: [{ runtimeKey: [] }] });
    expect(operation.post.requestBody.content['application/json'].schema.required).toEqual(['userId']);
    expect(
      operation.post.responses['200'].content['application/json'].schema.properties.payload,
    ).toBeDefined();
  });
});
