import { ENVIRONMENT_FILE_GROUPS, type ImportPreviewRequestInput } from '@console/domain/environment-file';
import { TRANSFER_GROUP_NAMES, TransferMode, type TransferPreviewRequest } from '@console/domain/operations';

/** The request as sent: every group and carrying (the defaults) are left out. */
export function requestOf({
  groups,
  carryDependencies,
  ...request
}: TransferPreviewRequest): TransferPreviewRequest {
  const isEveryGroup = groups === undefined || TRANSFER_GROUP_NAMES.every((name) => groups.includes(name));
  const isCarrying = request.mode !== TransferMode.Merge || carryDependencies !== false;
  return {
    ...request,
    ...(isEveryGroup ? {} : { groups }),
    ...(isCarrying ? {} : { carryDependencies: false }),
  };
}

/** Two choices that send the same request. */
export const isSameRequest = (a: TransferPreviewRequest, b: TransferPreviewRequest) =>
  JSON.stringify(requestOf(a)) === JSON.stringify(requestOf(b));

/**
 * Choices preselected by the address (Environment Comparison's "Transfer selected"):
 * `?from=stable&to=dev&mode=merge&groups=Plugins&plugins=4,7`; unknown values are left to the form.
 */
export function preselectedOf(query: URLSearchParams, active: string, environments: readonly string[]) {
  const from = query.get('from');
  const to = query.get('to');
  const mode = query.get('mode');
  const groups = query.getAll('groups').filter((name) => TRANSFER_GROUP_NAMES.includes(name));
  const plugins = (query.get('plugins') ?? '')
    .split(',')
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
  return {
    request: {
      from: from !== null && environments.includes(from) ? from : active,
      to: to !== null && environments.includes(to) ? to : '',
      mode: mode === TransferMode.Merge ? TransferMode.Merge : TransferMode.Overwrite,
      ...(groups.length > 0 ? { groups } : {}),
      ...(plugins.length > 0 ? { plugins } : {}),
    },
    plugins,
  };
}

/** An import's request: the file's groups only (a file holds no NICE config), every group left out. */
export function importRequestOf(
  content: unknown,
  choices: Omit<TransferPreviewRequest, 'from'>,
): ImportPreviewRequestInput {
  const { from: _, groups: __, ...request } = requestOf({ ...choices, from: '' });
  const fileGroups = choices.groups?.filter((name) =>
    (ENVIRONMENT_FILE_GROUPS as readonly string[]).includes(name),
  );
  const isEveryGroup =
    fileGroups === undefined || ENVIRONMENT_FILE_GROUPS.every((name) => fileGroups.includes(name));
  return {
    ...request,
    file: content,
    ...(isEveryGroup ? {} : { groups: fileGroups as ImportPreviewRequestInput['groups'] }),
  };
}
