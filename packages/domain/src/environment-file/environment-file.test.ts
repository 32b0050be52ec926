import { describe, expect, it } from 'vitest';
import { findEnvironmentFileProblems } from './environment-file.checks.ts';
import {
  buildEnvironmentFile,
  canonicalEnvironmentFile,
  formatEnvironmentFile,
} from './environment-file.format.ts';
import {
  type EnvironmentFileFormats,
  environmentFileInputSchema,
  findDroppedField,
  findTooDeep,
  upgradeEnvironmentFile,
} from './environment-file.read.ts';
import { importPreviewRequestSchema } from './environment-file.requests.ts';
import type { EnvironmentFile } from './environment-file.schemas.ts';
import { validFile } from './environment-file.test-support.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests break a file's fields one by one, at any depth
type Json = Record<string, any>;

/** The first issue's path and message, as the API's 400 names it ("groups.Plugins.0.title: ..."). */
function refusalOf(file: unknown): string | null {
  const parsed = environmentFileInputSchema.safeParse(file);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return `${issue!.path.join('.')}: ${issue!.message}`;
}

/** A valid file changed by `change`. */
const broken = (change: (file: Json) => void) => {
  const file = validFile() as unknown as Json;
  change(file);
  return file;
};

describe('reading an environment file', () => {
  it('reads a file that holds together, unchanged', () => {
    const parsed = environmentFileInputSchema.parse(validFile());
    expect(canonicalEnvironmentFile(parsed)).toEqual(canonicalEnvironmentFile(validFile()));
    expect(findEnvironmentFileProblems(validFile())).toEqual([]);
  });

  it.each([
    ['not an object', [], ': must be an environment file'],
    ['no format', broken((file) => delete file.format), 'format: is missing'],
    ['a format that is no number', broken((file) => (file.format = '1')), 'format: must be a whole number'],
    [
      'a newer format',
      broken((file) => (file.format = 2)),
      'format: 2 is newer than this console reads (format 1)',
    ],
    [
      'an older format than the oldest read',
      broken((file) => (file.format = 0)),
      'format: 0 is no longer read',
    ],
    [
      'an unknown group',
      broken((file) => (file.groups['NICE config'] = [])),
      'groups: Unrecognized key: "NICE config"',
    ],
    ['a missing group', broken((file) => delete file.groups.Plugins), 'groups.Plugins: '],
    [
      'an unknown field of an item',
      broken((file) => (file.groups.Plugins[0].secret = 'x')),
      'groups.Plugins.0: Unrecognized key: "secret"',
    ],
    [
      'an unknown field deep in shared data',
      broken((file) => (file.groups['A/B-tests'][0].payload.segment.conditions[0].note = 'x')),
      "groups.A/B-tests.0.payload.segment.conditions.0: has the unknown field 'note'",
    ],
    [
      'a wrong type',
      broken((file) => (file.groups.Plugins[0].active = 'yes')),
      'groups.Plugins.0.active: active must be true or false',
    ],
    [
      'an id with a control character',
      broken((file) => (file.groups['A/B-tests'][0].id = 'split\u0007')),
      'groups.A/B-tests.0.id: AB-test ID may contain only letters, digits, - and _',
    ],
    [
      'a configuration id with a newline',
      broken((file) => (file.groups.Configurations[0].id = 'duel\na')),
      'groups.Configurations.0.id: Configuration ID may contain only letters',
    ],
    [
      'an unknown plugin id',
      broken((file) => (file.groups.Plugins[1].id = 999)),
      'groups.Plugins.1.id: pluginId 999 is not a known plugin',
    ],
    [
      'an unknown release section',
      broken((file) => (file.groups['Release info'][2].id = 'other')),
      "groups.Release info.2.id: id must be 'content', 'client' or 'kv'",
    ],
    [
      'an environment id with a space',
      broken((file) => (file.environment = 'my env')),
      'environment: must be 1-36 characters',
    ],
  ])('refuses %s, naming the field', (_what, file, expected) => {
    expect(refusalOf(file)).toContain(expected);
  });

  it('refuses a file nested deeper than the limit, naming where, without walking it recursively', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const file = broken((value) => (value.groups.Configurations[0].payload.data = deep));
    expect(refusalOf(file)).toMatch(
      /^groups\.Configurations\.0\.payload\.data(\.0)+: is nested deeper than 64 levels$/,
    );
  });
});

describe('what a file must hold together', () => {
  const problemsOf = (change: (file: Json) => void) =>
    findEnvironmentFileProblems(broken(change) as EnvironmentFile).map(
      (problem) => `${problem.path.join('.')}: ${problem.message}`,
    );

  it.each([
    [
      'an item listed twice',
      (file: Json) => file.groups.Configurations.push(structuredClone(file.groups.Configurations[0])),
      "groups.Configurations.2.id: 'duel-a' is listed twice in Configurations",
    ],
    [
      'a release section missing',
      (file: Json) => file.groups['Release info'].pop(),
      "groups.Release info: lacks the section 'kv'",
    ],
    [
      'a plugin named wrongly',
      (file: Json) => (file.groups.Plugins[0].title = 'RACE'),
      "groups.Plugins.0.title: must be 'DUEL', the name of plugin 4",
    ],
    [
      'versions out of order',
      (file: Json) => file.groups['A/B-tests'][0].payload.versions.reverse(),
      'groups.A/B-tests.0.payload.versions.1.version: versions must be listed once each, in ascending order',
    ],
    [
      'weights not totalling 100%',
      (file: Json) => (file.groups['A/B-tests'][0].payload.versions[1].cases = [500_000, 400_000]),
      'groups.A/B-tests.0.payload.versions.1.cases: ',
    ],
    [
      'ranges that leave buckets to no case',
      (file: Json) =>
        (file.groups['A/B-tests'][0].payload.versions[0].ranges = [[[0, 400_000]], [[500_000, 1_000_000]]]),
      'groups.A/B-tests.0.payload.versions.0.ranges: No case owns the buckets [400000, 500000)',
    ],
    [
      'cases disagreeing with the current version',
      (file: Json) => (file.groups['A/B-tests'][0].payload.cases = [500_000, 500_000]),
      'groups.A/B-tests.0.payload.cases: cases must equal the weights of the current version 0',
    ],
    [
      'an entry naming an A/B-test the file lacks',
      (file: Json) => (file.groups.Plugins[0].payload.active[0].abTestId = 'elsewhere'),
      "groups.Plugins.0.payload.active.0.abTestId: A/B-test 'elsewhere' is not in the file",
    ],
    [
      'an entry naming a version the file lacks',
      (file: Json) => (file.groups.Plugins[0].payload.draft[0].abTestVersion = 7),
      "groups.Plugins.0.payload.draft.0.abTestVersion: A/B-test 'duel-split' has no version 7 in the file",
    ],
    [
      'an entry naming a configuration the file lacks',
      (file: Json) => (file.groups.Plugins[0].payload.active[0].configurations[1] = 'gone'),
      "groups.Plugins.0.payload.active.0.configurations.1: configuration 'gone' is not in the file",
    ],
    [
      'a configuration chosen for two cases',
      (file: Json) => (file.groups.Plugins[0].payload.active[0].configurations = ['duel-a', 'duel-a']),
      "groups.Plugins.0.payload.active.0.configurations.1: configuration 'duel-a' is chosen for more than one case",
    ],
    [
      'an A/B-test twice in a set',
      (file: Json) =>
        file.groups.Plugins[0].payload.draft.push({
          abTestId: 'duel-split',
          abTestVersion: 0,
          configurations: [],
        }),
      "groups.Plugins.0.payload.draft.1.abTestId: A/B-test 'duel-split' is in the draft set twice",
    ],
    [
      'a configuration of a kind the plugin does not serve',
      (file: Json) =>
        (file.groups.Plugins[1].payload.active = [
          { abTestId: 'duel-split', abTestVersion: 0, configurations: ['duel-a', ''] },
        ]),
      "groups.Plugins.1.payload.active.0.configurations.0: configuration 'duel-a' is of kind 'duel', which plugin AGILITY_RACE does not serve",
    ],
    [
      'a configuration whose data is of another kind',
      (file: Json) => (file.groups.Configurations[1].payload.kind = 'ar'),
      "groups.Configurations.1.payload.data.kind: must equal the configuration's kind 'ar'",
    ],
  ])('refuses %s', (_what, change, expected) => {
    const problems = problemsOf(change);
    expect(
      problems.some((problem) => problem.startsWith(expected)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('accepts an entry made before its A/B-test had a version, and a plugin without entries', () => {
    const file = broken((value) => {
      value.groups.Plugins[0].payload.draft[0].abTestVersion = -1;
      delete value.groups.Plugins[0].payload.active;
    });
    expect(refusalOf(file)).toBeNull();
  });
});

describe('format versions', () => {
  // A made-up history: format 1 had `items` where format 2 has `groups`; format 3 added `note`.
  const formats: EnvironmentFileFormats = {
    current: 3,
    oldest: 1,
    upgrades: {
      1: ({ items, ...rest }) => ({ ...rest, groups: items }),
      2: (file) => ({ ...file, note: '' }),
    },
  };

  it('upgrades an older file step by step and keeps the format it was written in', () => {
    expect(upgradeEnvironmentFile({ format: 1, environment: 'dev', items: {} }, formats)).toEqual({
      ok: true,
      file: { format: 1, environment: 'dev', groups: {}, note: '' },
    });
    expect(upgradeEnvironmentFile({ format: 3, environment: 'dev', groups: {} }, formats)).toEqual({
      ok: true,
      file: { format: 3, environment: 'dev', groups: {} },
    });
  });

  it('refuses a format without its upgrade, and formats outside what the console reads', () => {
    const withGap = { ...formats, upgrades: { 2: formats.upgrades[2]! } };
    expect(upgradeEnvironmentFile({ format: 1 }, withGap)).toMatchObject({
      ok: false,
      message: '1 has no upgrade to format 2',
    });
    expect(upgradeEnvironmentFile({ format: 4 }, formats)).toMatchObject({ ok: false, path: ['format'] });
    expect(upgradeEnvironmentFile({ format: 0 }, { ...formats, oldest: 1 })).toMatchObject({ ok: false });
  });
});

describe('writing an environment file', () => {
  it('writes keys sorted at every depth, items in id order, one key per line, a newline at the end', () => {
    const file = validFile();
    file.groups.Plugins.reverse();
    file.groups.Configurations.reverse();
    const text = formatEnvironmentFile(file);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '{',
      '  "environment": "prod",',
      '  "format": 1,',
      '  "groups": {',
    ]);
    // every line holds at most one key
    expect(text.split('\n').every((line) => (line.match(/": /g) ?? []).length <= 1)).toBe(true);
    const parsed = JSON.parse(text);
    expect(parsed.groups.Plugins.map((plugin: Json) => plugin.id)).toEqual([2, 4]);
    expect(parsed.groups.Configurations.map((item: Json) => item.id)).toEqual(['duel-a', 'duel-b']);
    expect(Object.keys(parsed.groups)).toEqual(['A/B-tests', 'Configurations', 'Plugins', 'Release info']);
  });

  it('writes equal content as equal text, whatever the order it was listed in', () => {
    const shuffled = JSON.parse(JSON.stringify(validFile(), Object.keys(validFile()).reverse()));
    const reordered = { ...validFile(), ...shuffled, groups: { ...validFile().groups } };
    reordered.groups['Release info'] = [...reordered.groups['Release info']].reverse();
    expect(formatEnvironmentFile(reordered)).toBe(formatEnvironmentFile(validFile()));
  });

  it('leaves empty entry sets out, as the plugin group lists a plugin without entries', () => {
    const file = validFile();
    file.groups.Plugins[1]!.payload.active = [];
    expect(canonicalEnvironmentFile(file).groups.Plugins[0]!.payload).toEqual({
      description: 'Agility race event',
    });
  });

  it('builds a file of the current format from the groups a file holds, leaving others out', () => {
    const built = buildEnvironmentFile('dev', {
      'NICE config': [{ id: 'nice', active: true, title: 'Authentication Token', payload: {} }],
      Plugins: [],
    });
    expect(built).toEqual({
      format: 1,
      environment: 'dev',
      groups: { 'Release info': [], Plugins: [], 'A/B-tests': [], Configurations: [] },
    });
  });
});

describe('walking untrusted documents', () => {
  it('finds the first field parsing dropped', () => {
    expect(findDroppedField({ a: [{ b: 1, c: 2 }] }, { a: [{ b: 1 }] })).toEqual(['a', 0, 'c']);
    expect(findDroppedField({ a: 1, b: undefined }, { a: 1 })).toBeNull();
  });

  it('finds where a document is too deep', () => {
    expect(findTooDeep({ a: { b: { c: 1 } } }, 2)).toEqual(['a', 'b']);
    expect(findTooDeep({ a: { b: 1 } }, 2)).toBeNull();
  });
});

describe('the import request', () => {
  it('offers only the groups a file holds', () => {
    const parsed = importPreviewRequestSchema.safeParse({
      file: validFile(),
      to: 'dev',
      mode: 'merge',
      groups: ['NICE config'],
    });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['groups', 0] });
    expect(parsed.error?.issues[0]?.message).toContain('groups must name groups of an environment file');
  });

  it('names the file field of a refusal from the top of the body', () => {
    const parsed = importPreviewRequestSchema.safeParse({
      file: broken((file) => (file.groups.Plugins[0].title = 'x')),
      to: 'dev',
      mode: 'overwrite',
    });
    expect(parsed.error?.issues[0]?.path).toEqual(['file', 'groups', 'Plugins', 0, 'title']);
  });
});
