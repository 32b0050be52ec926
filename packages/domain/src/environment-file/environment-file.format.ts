import { compareTransferItemIds, type TransferItem } from '../operations/transfer.ts';
import {
  ENVIRONMENT_FILE_FORMAT,
  ENVIRONMENT_FILE_GROUPS,
  type EnvironmentFile,
  type EnvironmentFileGroups,
} from './environment-file.schemas.ts';

// Writing a file so that it diffs well in version control: equal content gives the same text, and a
// change of one value changes one line. Items in id order (numbers, then texts by code unit, as the
// transfer preview sorts them), object keys sorted at every depth, one key or array element per line.
// Arrays inside an item keep their own order, which means something (entries are tried in order,
// cases and ranges are by case index, versions ascending).

const byId = <T extends { id: TransferItem['id'] }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => compareTransferItemIds(a.id, b.id));

/** The file with its items in id order and empty entry sets left out, as the plugin group lists them. */
export function canonicalEnvironmentFile(file: EnvironmentFile): EnvironmentFile {
  const { groups } = file;
  return {
    format: file.format,
    environment: file.environment,
    groups: {
      'Release info': byId(groups['Release info']),
      Plugins: byId(groups.Plugins).map((plugin) => {
        const { active, draft, ...payload } = plugin.payload;
        return {
          ...plugin,
          payload: {
            ...payload,
            ...(active && active.length > 0 ? { active } : {}),
            ...(draft && draft.length > 0 ? { draft } : {}),
          },
        };
      }),
      'A/B-tests': byId(groups['A/B-tests']),
      Configurations: byId(groups.Configurations),
    },
  };
}

/**
 * A file of the current format from the transfer groups' items of one environment (the groups a
 * file holds, in any order; other groups are left out). The caller checks the result's shape.
 */
export function buildEnvironmentFile(
  environment: string,
  items: Readonly<Record<string, readonly TransferItem[]>>,
): unknown {
  const groups = Object.fromEntries(
    ENVIRONMENT_FILE_GROUPS.map((name) => [name, byId(items[name] ?? [])]),
  ) as unknown as EnvironmentFileGroups;
  return { format: ENVIRONMENT_FILE_FORMAT, environment, groups };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file's text: canonical, keys sorted, two spaces of indentation, a newline at the end. */
export function formatEnvironmentFile(file: EnvironmentFile): string {
  const sortKeys = (_key: string, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value;
  return `${JSON.stringify(canonicalEnvironmentFile(file), sortKeys, 2)}\n`;
}

/** The name a download or the CLI suggests: `prod.json`. */
export const environmentFileNameOf = (environment: string) => `${environment}.json`;
