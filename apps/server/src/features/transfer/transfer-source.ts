import {
  ENVIRONMENT_FILE_GROUPS,
  type EnvironmentFile,
  IMPORT_SOURCE,
  type ImportedFile,
} from '@console/domain/environment-file';
import type { TransferItem } from '@console/domain/operations';
import type { Tx } from '../../db/client.ts';
import type { TransferGroup } from './transfer-group.ts';

/**
 * Where a transfer's items come from: another environment of this database, or an environment file
 * (an import). The transfer compares, plans, locks, applies and audits the same way for both.
 */
export type TransferSource =
  | { kind: 'environment'; environmentId: string }
  | {
      kind: 'file';
      file: EnvironmentFile;
      /**
       * Where the file came from, for the audit entry and the answer: worked out when first asked and
       * kept, since it formats and hashes the whole file (a preview never asks).
       */
      origin(): ImportedFile;
    };

/** What `from` says in the preview token, the answer and the audit entry: the environment, or 'file'. */
export const sourceLabelOf = (source: TransferSource): string =>
  source.kind === 'environment' ? source.environmentId : IMPORT_SOURCE;

/** The source's environment, which a transfer requires and locks beside the destination; none for a file. */
export const sourceEnvironmentOf = (source: TransferSource): string | null =>
  source.kind === 'environment' ? source.environmentId : null;

/** The groups a source can hold: every group of an environment, a file's groups only (no NICE config). */
export function isGroupInSource(source: TransferSource, name: string): boolean {
  return source.kind === 'environment' || (ENVIRONMENT_FILE_GROUPS as readonly string[]).includes(name);
}

/** One group's items in the source, read in the transfer's transaction (a file's items are its own). */
export async function listSourceItems(
  tx: Tx,
  source: TransferSource,
  group: TransferGroup,
): Promise<TransferItem[]> {
  if (source.kind === 'environment') return group.list(tx, source.environmentId);
  if (!isGroupInSource(source, group.name)) return [];
  return [...(source.file.groups[group.name as keyof EnvironmentFile['groups']] ?? [])];
}
