import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_PATHS } from '@console/domain/runtime';
import { analyseMetric, checkSampleRatio } from '@console/domain/statistics';
import {
  conformanceDirectory,
  countConformanceTests,
  loadConformanceSuite,
  loadRefusals,
} from '@console/runtime-spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exposure, PlayerExplanation, PlayerReceipt, ResolveRequest } from '../src/index.ts';
import { type ConsoleUnderTest, startConsoleUnderTest } from './console-under-test.ts';
import { setUpGoldRush } from './gold-rush.ts';
import { type PackedProject, packAndInstall, readInstalledManifest } from './packed-project.ts';
import { resolveBodies, startLineProcess } from './resolve-bodies.ts';

// The SDK installs like any package: packed, installed alone into an empty project outside the
// repository, it runs a small game server in plain JavaScript against a real console, loads with
// require(), and a strict NodeNext TypeScript project type-checks against it with no other setting.
// SDK_TEST_NODE_BINARIES (paths separated by ':') runs the game server on other Node versions too.

const GAME_SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), 'game-server');
/** What a game server's tsconfig needs to use the SDK: nothing beyond strict NodeNext. */
const STRICT_NODENEXT = {
  compilerOptions: {
    strict: true,
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    skipLibCheck: true,
    noEmit: true,
  },
};

interface GameServerOutput {
  node: string;
  revision: number;
  receipts: PlayerReceipt[];
  explanation: PlayerExplanation;
  flag: { value: boolean; variant?: string; reason?: string; flagMetadata: Record<string, unknown> };
  exposures: Exposure[];
  grants: { id: number; item: string; amount: number }[];
  collected: number[];
}

describe('the packed SDK in a project of its own', () => {
  let project: PackedProject;
  let server: ConsoleUnderTest;
  let key: string;

  beforeAll(async () => {
    [project, server] = await Promise.all([packAndInstall(), startConsoleUnderTest()]);
    key = (await server.createRuntimeKey('dev')).key;
    await setUpGoldRush(server);
    for (const name of [
      'game-server.mjs',
      'game-server.cjs',
      'game-server.ts',
      'wrong-calls.ts',
      'conformance.mjs',
      'resolve-lines.mjs',
      'experiment.mjs',
    ])
      await project.write(name, await readFile(join(GAME_SERVER_DIR, name), 'utf8'));
    console.log(
      `packed SDK: ${project.tarball.bytes} bytes packed, ${project.tarball.unpackedBytes} unpacked, ` +
        `${project.tarball.files.length} files; installed in ${project.installMs} ms`,
    );
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    await project?.remove();
  });

  it('is a public package with built JavaScript, declarations, files, engines and a version, and no private dependency', async () => {
    const manifest = await readInstalledManifest(project);
    expect(manifest).toMatchObject({
      name: '@console/runtime-client',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      engines: { node: expect.any(String) },
      files: expect.any(Array),
      dependencies: { zod: expect.any(String) },
    });
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies as object)).toEqual(['zod']);
    expect(project.tarball.files).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/openfeature.js', 'README.md']),
    );
    expect(project.tarball.files.filter((file) => !file.startsWith('dist/') && file !== 'README.md')).toEqual(
      ['package.json'],
    );
    expect(project.tarball.files.some((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toBe(false);
    const bundled = await readFile(
      join(project.directory, 'node_modules/@console/runtime-client/dist/index.js'),
      'utf8',
    );
    expect(bundled).not.toMatch(/@console\/domain/);
  });

  async function runGameServer(players: ResolveRequest[], nodeBinary?: string): Promise<GameServerOutput> {
    const grantPlayer = `packed-${Math.random().toString(36).slice(2, 8)}`;
    await server.api('/api/compensation/send/consumable', { userId: grantPlayer, item: 'Coin', amount: 25 });
    const { stdout } = await project.node(
      'game-server.mjs',
      {
        CONSOLE_URL: server.runtimeUrl,
        RUNTIME_KEY: key,
        INSTANCE: 'packed-game-server',
        PLAYERS: JSON.stringify(players),
        GRANT_PLAYER: grantPlayer,
      },
      nodeBinary,
    );
    return JSON.parse(stdout) as GameServerOutput;
  }

  const resolveRemotely = async (body: ResolveRequest) => {
    const response = await fetch(`${server.runtimeUrl}${RUNTIME_PATHS.resolve}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { payload: unknown }).payload;
  };

  const nodeBinaries = [
    process.execPath,
    ...(process.env.SDK_TEST_NODE_BINARIES ?? '').split(':').filter((path) => path !== ''),
  ];
  it.each(nodeBinaries)(
    'runs a plain JavaScript game server against the console on %s',
    async (nodeBinary) => {
      const at = Date.now();
      const players: ResolveRequest[] = [
        { userId: 'packed-ios', context: { Platform: 'ios' }, level: 80, at },
        { userId: 'packed-android', context: { Platform: 'android', Payer: true }, level: 80, at },
        ...Array.from({ length: 10 }, (_, index) => ({
          userId: `packed-${index}`,
          context: { Platform: 'ios' },
          at,
        })),
      ];
      const output = await runGameServer(players, nodeBinary);
      const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
      expect(output.revision).toBe(latest);
      // The packed SDK answers what the console answers, for each player, receipt and explanation alike.
      for (const [index, player] of players.entries())
        expect(output.receipts[index], player.userId).toEqual(await resolveRemotely(player));
      expect(output.explanation).toEqual(await resolveRemotely({ ...players[0]!, explain: true }));
      // OpenFeature read the same plugin the receipt names.
      const goldRush = output.receipts[0]!.plugins.find((plugin) => plugin.pluginName === 'GOLD_RUSH')!;
      expect(output.flag).toMatchObject({
        value: goldRush.outcome === 'configuration',
        flagMetadata: { abTestId: goldRush.abTestId, outcome: goldRush.outcome, revision: latest },
      });
      // the case's variant when the value is the case's, as the screens number cases
      const isCaseValue = goldRush.outcome === 'configuration' || goldRush.outcome === 'default';
      expect(output.flag.variant).toBe(isCaseValue ? `case-${goldRush.caseIndex! + 1}` : undefined);
      expect(output.exposures.length).toBeGreaterThan(0);
      expect(output.grants.map((grant) => [grant.item, grant.amount])).toEqual([['Coin', 25]]);
      expect(output.collected).toEqual(output.grants.map((grant) => grant.id));
      const { instances } = await server.api<{ instances: { instance: string; revision: number }[] }>(
        '/api/connections/game-servers',
      );
      expect(instances).toContainEqual(
        expect.objectContaining({ instance: 'packed-game-server', revision: latest }),
      );
    },
  );

  it('passes the runtime specification: every conformance test gives its expected receipt, every refusal is refused', async () => {
    const { stdout } = await project.node('conformance.mjs', { SPEC_DIRECTORY: conformanceDirectory('v1') });
    const suite = loadConformanceSuite('v1');
    const refusals = loadRefusals('v1');
    expect(JSON.parse(stdout)).toEqual({
      files: suite.length,
      tests: countConformanceTests(suite),
      refusals: refusals.requests.length + refusals.snapshots.length,
      failures: [],
    });
  });

  it('resolves any body as the console does: the same answer, or ResolveInputError with the 400’s message', async () => {
    const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
    const snapshotAnswer = await fetch(`${server.runtimeUrl}${RUNTIME_PATHS.snapshot}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const snapshot = ((await snapshotAnswer.json()) as { payload: { revision: number } }).payload;
    expect(snapshot.revision).toBe(latest);
    const sdk = startLineProcess(project.directory, 'resolve-lines.mjs');
    try {
      expect(await sdk.ask(JSON.stringify(snapshot))).toEqual({ ready: latest });
      const seen = { answered: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(resolveBodies(Date.now()), async (body) => {
          const text = JSON.stringify(body);
          const response = await fetch(`${server.runtimeUrl}${RUNTIME_PATHS.resolve}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: text,
          });
          const http = (await response.json()) as { payload?: unknown; error?: string };
          const local = (await sdk.ask(text)) as {
            answer?: unknown;
            thrown?: { name: string; message: string; code: string; isResolveInputError: boolean };
          };
          if (response.status === 200) {
            seen.answered += 1;
            expect(local).toEqual({ answer: http.payload });
          } else {
            seen.refused += 1;
            expect(response.status, http.error).toBe(400);
            expect(local.thrown).toMatchObject({
              name: 'ResolveInputError',
              isResolveInputError: true,
              code: 'BAD_INPUT',
              message: http.error,
            });
          }
        }),
        { numRuns: 300 },
      );
      // both sides of the comparison were met often
      expect(seen.answered).toBeGreaterThan(30);
      expect(seen.refused).toBeGreaterThan(30);
    } finally {
      await sdk.close();
    }
  });

  it('feeds a simulated experiment through the SDK and /runtime/v1/events, and the results endpoint answers it', async () => {
    // A fresh version of the A/B-test every android player meets, so only this game server's players count.
    const abTestId = 'sdk-all';
    const { version } = await server.api<{ version: number }>('/api/abtest/versions/save', {
      id: abTestId,
      weights: [300_000, 700_000],
    });
    await server.api('/api/abtest/activate/version', { id: abTestId, version });
    const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
    for (const metric of [
      {
        id: 'sdk-bought',
        name: 'Bought',
        kind: 'conversion',
        event: 'experiment-purchase',
        conversionWindowDays: 1,
      },
      { id: 'sdk-revenue', name: 'Revenue', kind: 'revenue', event: 'experiment-purchase' },
      {
        id: 'sdk-per-session',
        name: 'Revenue per session',
        kind: 'ratio',
        event: 'experiment-purchase',
        denominatorEvent: 'experiment-session',
      },
    ])
      await server.api('/api/experiment/metric/create', metric);
    const buyEvery = [10, 4];
    const amounts = [5, 2];
    const { stdout } = await project.node('experiment.mjs', {
      CONSOLE_URL: server.runtimeUrl,
      RUNTIME_KEY: key,
      AB_TEST: abTestId,
      REVISION: String(latest),
      PLAYERS: '1200',
      BUY_EVERY: JSON.stringify(buyEvery),
      AMOUNT: JSON.stringify(amounts),
    });
    const output = JSON.parse(stdout) as {
      cases: (number | null)[];
      counts: { queued: number; sent: number; dropped: number };
      badTrack: string | null;
    };
    const exposed = [0, 1].map((caseIndex) => output.cases.filter((index) => index === caseIndex).length);
    expect(exposed[0]! + exposed[1]!).toBe(1200);
    const buyers = exposed.map((count, caseIndex) => Math.floor(count / buyEvery[caseIndex]!));
    // every exposure, purchase and session sent, none dropped
    expect(output.counts).toEqual({ queued: 0, sent: 1200 + buyers[0]! + buyers[1]! + 1200, dropped: 0 });
    expect(output.badTrack).toBe('RangeError: track(): userId: userId must not be empty');

    const results = await server.api<{
      cases: { caseIndex: number; players: number }[];
      srm: { pValue: number; isMismatch: boolean };
      metrics: {
        metric: { id: string };
        cases: { value: number; change: { relative: number; pValue: number; chanceToBeat: number } | null }[];
      }[];
    }>('/api/experiment/results/get', { abTestId, version });
    expect(results.cases.map((entry) => entry.players)).toEqual(exposed);
    expect(results.srm.pValue).toBeCloseTo(checkSampleRatio(exposed, [300_000, 700_000]).pValue, 12);
    const metric = (id: string) => results.metrics.find((entry) => entry.metric.id === id)!;
    // The expected answer, from the sufficient statistics the simulation implies
    const bought = analyseMetric(
      'conversion',
      exposed.map((n, caseIndex) => ({ n, sum: buyers[caseIndex]!, sumSquares: buyers[caseIndex]! })),
    );
    expect(metric('sdk-bought').cases.map((entry) => entry.value)).toEqual(
      exposed.map((n, caseIndex) => buyers[caseIndex]! / n),
    );
    expect(metric('sdk-bought').cases[1]!.change!.relative).toBeCloseTo(
      bought.cases[1]!.comparison!.relativeChange,
      12,
    );
    expect(metric('sdk-bought').cases[1]!.change!.pValue).toBeCloseTo(
      bought.cases[1]!.comparison!.pValue,
      12,
    );
    expect(metric('sdk-bought').cases[1]!.change!.chanceToBeat).toBeGreaterThan(0.99);
    const revenue = analyseMetric(
      'revenue',
      exposed.map((n, caseIndex) => {
        const amount = amounts[caseIndex]!;
        return { n, sum: buyers[caseIndex]! * amount, sumSquares: buyers[caseIndex]! * amount * amount };
      }),
    );
    expect(metric('sdk-revenue').cases[1]!.change!.relative).toBeCloseTo(
      revenue.cases[1]!.comparison!.relativeChange,
      12,
    );
    expect(metric('sdk-per-session').cases.map((entry) => entry.value)).toEqual(
      exposed.map((n, caseIndex) => (buyers[caseIndex]! * amounts[caseIndex]!) / n),
    );
  });

  it('loads with require() from a CommonJS game server', async () => {
    const { stdout } = await project.node('game-server.cjs');
    expect(JSON.parse(stdout)).toEqual(['function', 'function', 'function']);
  });

  it('type-checks a strict NodeNext TypeScript game server with no other setting', async () => {
    await project.write('tsconfig.json', JSON.stringify({ ...STRICT_NODENEXT, files: ['game-server.ts'] }));
    const checked = await project.typecheck('tsconfig.json');
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  });

  it('refuses wrong calls in that project: the types are real, not any', async () => {
    await project.write(
      'tsconfig.wrong.json',
      JSON.stringify({ ...STRICT_NODENEXT, files: ['wrong-calls.ts'] }),
    );
    const checked = await project.typecheck('tsconfig.wrong.json');
    expect(checked.status).not.toBe(0);
    const errors = checked.output.match(/wrong-calls\.ts\(\d+,\d+\): error TS\d+/g) ?? [];
    expect(errors.map((error) => error.replace(/,\d+\)/, ')'))).toEqual([
      'wrong-calls.ts(7): error TS2769',
      'wrong-calls.ts(9): error TS2322',
      'wrong-calls.ts(11): error TS2769',
    ]);
  });
});
