import { type ConfigKindId, configKindOf } from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  type AbTestPlan,
  type ContentPlan,
  type EnvironmentContent,
  environmentContent,
  type PluginPlan,
  withEnvironment,
} from './environment-content.test-data.ts';

// Property: whatever content operators make, exporting an environment and importing the file into an
// empty environment gives an environment whose export is the same file (its environment id aside),
// and previewing the same import again finds nothing to do. Content is generated as plans and made
// over HTTP, so the property covers what the console really stores.

const KINDS: ConfigKindId[] = ['duel', 'ar', 'er', 'eoc'];

/** Weights of `cases` cases totalling 1,000,000 (zero weights allowed, as the rule allows). */
const weightsArbitrary = (cases: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: cases - 1, maxLength: cases - 1 })
    .map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), 1_000_000];
      return points.slice(1).map((point, index) => point - points[index]!);
    });

const conditionArbitrary = fc.constantFrom(
  { property: 2, op: 1, value: 'ios' },
  { property: 3, op: 3, value: '1.2.0' },
  { property: 20, op: 1, value: 'true' },
  { property: 10, op: 5, value: 'DE,FR' },
);
const textArbitrary = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,11}[A-Za-z0-9]$/);

const abTestArbitrary = (index: number): fc.Arbitrary<AbTestPlan> =>
  fc.constantFrom<0 | 10 | 20>(0, 10, 20).chain((type) =>
    fc
      .record({
        versions: fc.array(
          type === 20 ? weightsArbitrary(2) : fc.integer({ min: 1, max: 3 }).chain(weightsArbitrary),
          { maxLength: 3 },
        ),
        segment: fc.uniqueArray(conditionArbitrary, {
          maxLength: 2,
          selector: (condition) => condition.property,
        }),
        caseDescriptions: fc.array(textArbitrary, { maxLength: 2 }),
        description: fc.oneof(fc.constant(''), textArbitrary),
        activatedShare: fc.double({ min: 0, max: 1, noNaN: true }),
        isActive: fc.boolean(),
      })
      .map(({ versions, activatedShare, isActive, ...rest }) => {
        const activated = Math.floor(activatedShare * (versions.length + 1)) % (versions.length + 1);
        return { id: `ab-${index}`, type, versions, activated, isActive: isActive && activated > 0, ...rest };
      }),
  );

/**
 * Plugins of the generated kinds with drafts over the A/B-tests that have a version, each A/B-test
 * used by one plugin at most; a draft is activated only when it may be (its versions not active yet,
 * no empty case other than the control).
 */
function pluginsArbitrary(abTests: AbTestPlan[], configurations: ContentPlan['configurations']) {
  const usable = abTests.flatMap((abTest, index) => (abTest.versions.length > 0 ? [index] : []));
  return fc.shuffledSubarray(usable).chain((order) => {
    const plugins = KINDS.map((kind) => configKindOf(kind).pluginName);
    return fc.tuple(
      ...plugins.map((name, pluginIndex) => {
        const mine = order.filter((_, position) => position % plugins.length === pluginIndex);
        const kindConfigurations = configurations
          .filter((configuration) => configKindOf(configuration.kind).pluginName === name)
          .map((configuration) => configuration.id);
        const entryArbitraries = mine.map((abTest) => {
          const cases = abTests[abTest]!.versions.at(-1)!.length;
          return fc
            .shuffledSubarray(['', ...kindConfigurations], { minLength: 0 })
            .map((picked) => ({
              abTest,
              configurations: Array.from({ length: cases }, (_, index) =>
                index === 0 ? (picked[0] ?? '') : (picked[index] ?? ''),
              ),
            }))
            .map((entry) => ({
              ...entry,
              // a configuration serves one case of an entry
              configurations: entry.configurations.map((id, index) =>
                id !== '' && entry.configurations.indexOf(id) !== index ? '' : id,
              ),
            }));
        });
        return fc
          .record({
            draft:
              entryArbitraries.length > 0
                ? fc.tuple(...entryArbitraries)
                : fc.constant<{ abTest: number; configurations: string[] }[]>([]),
            wantsActivation: fc.boolean(),
            isOn: fc.boolean(),
            description: textArbitrary,
          })
          .map(({ draft, wantsActivation, isOn, description }): PluginPlan => {
            const mayActivate =
              draft.length > 0 &&
              draft.every(
                (entry) =>
                  abTests[entry.abTest]!.activated < abTests[entry.abTest]!.versions.length &&
                  entry.configurations.every((id, index) => index === 0 || id !== ''),
              );
            return {
              pluginId: PluginId[name],
              description,
              draft: [...draft],
              activateDraft: wantsActivation && mayActivate,
              isOn,
            };
          });
      }),
    );
  });
}

const planArbitrary: fc.Arbitrary<ContentPlan> = fc
  .record({
    release: fc.record({
      maxLevel: fc.integer({ min: 1, max: 500 }),
      nextMaxLevel: fc.integer({ min: 1, max: 500 }),
      remindVersion: fc.constantFrom('0.0.0', '1.2', '2.10.3'),
      minimumVersion: fc.constantFrom('0.0.0', '1.0.1'),
      keyValue: fc.constantFrom('', 'a=1;', 'sale=on;tier=2;'),
    }),
    abTests: fc
      .integer({ min: 0, max: 3 })
      .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => abTestArbitrary(index)))),
    configurations: fc.array(
      fc.record({ kind: fc.constantFrom(...KINDS), description: textArbitrary, isActive: fc.boolean() }),
      { maxLength: 5 },
    ),
  })
  .chain(({ release, abTests, configurations }) => {
    const named = configurations.map((configuration, index) => ({ id: `cfg-${index}`, ...configuration }));
    return pluginsArbitrary(abTests, named).map((plugins) => ({
      release,
      abTests,
      configurations: named,
      plugins: plugins.filter((plugin) => plugin.draft.length > 0 || plugin.isOn),
    }));
  });

describe('export then import into an empty environment', () => {
  let t: TestApp;
  let c: EnvironmentContent;

  beforeAll(async () => {
    t = await createTestApp();
    c = environmentContent(t, await t.login('property@example.com'));
  });

  it('gives an environment whose file is the same, and a second import with nothing to do', async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        const source = await c.newEnvironment('prop');
        await c.fill(source, plan);
        const file = await c.exportOf(source);

        const destination = await c.newEnvironment('prop');
        const imported = await c.importFile({ file, to: destination, mode: 'overwrite' });
        expect(imported.statusCode, imported.body).toBe(200);
        expect(await c.exportOf(destination)).toEqual(withEnvironment(file, destination));

        const again = await c.importPreviewCall({ file, to: destination, mode: 'overwrite' });
        const operations = Object.values(
          again.json().payload.groups as Record<string, { operation: string }[]>,
        )
          .flat()
          .map((row) => row.operation);
        expect(new Set(operations)).toEqual(new Set(['unchanged']));
      }),
      // Each run makes two environments over HTTP: a few runs keep the suite fast
      { numRuns: 6 },
    );
  });
});
