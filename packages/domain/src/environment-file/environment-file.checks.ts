import { currentVersionNumber } from '../abtest/abtest.rules.ts';
import { validateVersionWeights } from '../abtest/weights.ts';
import { configItemInputSchema } from '../config/config-item.schemas.ts';
import { findConfigKind } from '../config/config-kinds.ts';
import { pluginNameOf } from '../operations/plugin.ts';
import { TransferGroupName } from '../operations/transfer.ts';
import { EMPTY_CONFIGURATION } from '../plugin/plugin-details.schemas.ts';
import { findRangesProblem } from '../runtime/ranges.ts';
import {
  type AbTestFileItem,
  type ConfigurationFileItem,
  type EnvironmentFile,
  type FileEntry,
  type PluginFileItem,
  RELEASE_SECTION_TITLES,
} from './environment-file.schemas.ts';

// What a file must hold together, beyond each item's shape: what the console's own rules guarantee
// of an environment, so an import cannot store what no operator could have made (two versions 3, a
// split that misses buckets, a plugin entry pointing at an A/B-test the file lacks).

export interface EnvironmentFileProblem {
  /** From the file's top: ['groups', 'Plugins', 3, 'payload', 'active', 0, 'abTestId']. */
  path: (string | number)[];
  message: string;
}

type Path = (string | number)[];

/** Every problem of a well-shaped file, in file order; empty when it holds together. */
export function findEnvironmentFileProblems(file: EnvironmentFile): EnvironmentFileProblem[] {
  const problems: EnvironmentFileProblem[] = [];
  const report = (path: Path, message: string) => problems.push({ path, message });
  const { groups } = file;

  for (const [name, items] of Object.entries(groups)) {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = `${typeof item.id}:${item.id}`;
      if (seen.has(key)) report(['groups', name, index, 'id'], `'${item.id}' is listed twice in ${name}`);
      seen.add(key);
    });
  }

  const sections = new Set(groups[TransferGroupName.Release].map((item) => item.id));
  for (const section of Object.keys(RELEASE_SECTION_TITLES)) {
    if (!sections.has(section as keyof typeof RELEASE_SECTION_TITLES)) {
      report(['groups', TransferGroupName.Release], `lacks the section '${section}'`);
    }
  }

  const abTests = new Map(groups[TransferGroupName.AbTests].map((item) => [item.id, item]));
  const configurations = new Map(groups[TransferGroupName.Configurations].map((item) => [item.id, item]));

  groups[TransferGroupName.AbTests].forEach((item, index) => {
    checkAbTest(item, ['groups', TransferGroupName.AbTests, index], report);
  });
  groups[TransferGroupName.Configurations].forEach((item, index) => {
    checkConfiguration(item, ['groups', TransferGroupName.Configurations, index], report);
  });
  groups[TransferGroupName.Plugins].forEach((item, index) => {
    checkPlugin(item, ['groups', TransferGroupName.Plugins, index], { abTests, configurations }, report);
  });
  return problems;
}

type Report = (path: Path, message: string) => void;

function checkAbTest(item: AbTestFileItem, at: Path, report: Report): void {
  const { type, versions, cases } = item.payload;
  versions.forEach((version, index) => {
    const here = [...at, 'payload', 'versions', index];
    const previous = versions[index - 1];
    if (previous && version.version <= previous.version) {
      report([...here, 'version'], 'versions must be listed once each, in ascending order');
    }
    const weights = validateVersionWeights(type, version.cases);
    if (!weights.ok) report([...here, 'cases'], weights.error.message);
    else if (version.ranges !== null) {
      const problem = findRangesProblem(version.ranges, version.cases);
      if (problem) report([...here, 'ranges'], problem);
    }
  });
  // data.cases is the current version's weights, derived: the file must not disagree with itself
  const current = currentVersionNumber(versions);
  const currentCases = versions.find((version) => version.version === current)?.cases ?? [];
  if (cases.length !== currentCases.length || cases.some((weight, index) => weight !== currentCases[index])) {
    report(
      [...at, 'payload', 'cases'],
      current < 0
        ? 'cases must be empty: no version is active'
        : `cases must equal the weights of the current version ${current}`,
    );
  }
}

function checkConfiguration(item: ConfigurationFileItem, at: Path, report: Report): void {
  const { kind, activation, data } = item.payload;
  if (data.kind !== kind) {
    report([...at, 'payload', 'data', 'kind'], `must equal the configuration's kind '${kind}'`);
    return;
  }
  // The rules across fields that /create applies (an offer's deactivation within its duration)
  const parsed = configItemInputSchema.safeParse({
    id: item.id,
    description: item.title,
    active: item.active,
    activation,
    data,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const [first, ...rest] = issue.path as Path;
    const path = first === 'description' ? ['title'] : first === 'id' ? ['id'] : ['payload', first!, ...rest];
    report([...at, ...path], issue.message);
  }
}

interface Targets {
  abTests: ReadonlyMap<string, AbTestFileItem>;
  configurations: ReadonlyMap<string, ConfigurationFileItem>;
}

function checkPlugin(item: PluginFileItem, at: Path, targets: Targets, report: Report): void {
  const name = pluginNameOf(item.id);
  if (item.title !== name) report([...at, 'title'], `must be '${name}', the name of plugin ${item.id}`);
  for (const set of ['active', 'draft'] as const) {
    const entries = item.payload[set] ?? [];
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const here = [...at, 'payload', set, index];
      if (seen.has(entry.abTestId)) {
        report([...here, 'abTestId'], `A/B-test '${entry.abTestId}' is in the ${set} set twice`);
      }
      seen.add(entry.abTestId);
      checkEntry(item.id, entry, here, targets, report);
    });
  }
}

function checkEntry(pluginId: number, entry: FileEntry, at: Path, targets: Targets, report: Report): void {
  const abTest = targets.abTests.get(entry.abTestId);
  if (!abTest) {
    report([...at, 'abTestId'], `A/B-test '${entry.abTestId}' is not in the file`);
  } else if (
    entry.abTestVersion >= 0 &&
    !abTest.payload.versions.some((version) => version.version === entry.abTestVersion)
  ) {
    report(
      [...at, 'abTestVersion'],
      `A/B-test '${entry.abTestId}' has no version ${entry.abTestVersion} in the file`,
    );
  }
  const chosen = new Set<string>();
  entry.configurations.forEach((configId, index) => {
    if (configId === EMPTY_CONFIGURATION) return;
    const here = [...at, 'configurations', index];
    if (chosen.has(configId)) {
      report(here, `configuration '${configId}' is chosen for more than one case`);
    }
    chosen.add(configId);
    const configuration = targets.configurations.get(configId);
    if (!configuration) {
      report(here, `configuration '${configId}' is not in the file`);
    } else if (findConfigKind(configuration.payload.kind)?.pluginId !== pluginId) {
      report(
        here,
        `configuration '${configId}' is of kind '${configuration.payload.kind}', which plugin ${pluginNameOf(pluginId)} does not serve`,
      );
    }
  });
}
