import { createHash } from 'node:crypto';
import {
  buildEnvironmentFile,
  canonicalEnvironmentFile,
  ENVIRONMENT_FILE_GROUPS,
  type EnvironmentFile,
  environmentFileShapeSchema,
  formatEnvironmentFile,
  type ImportedFile,
  type ImportPreviewRequest,
  type ImportRequest,
  type ImportResult,
} from '@console/domain/environment-file';
import { DomainError, ErrorCode } from '@console/domain/errors';
import type { TransferItem, TransferPreview } from '@console/domain/operations';
import type { ConsoleContext, EnvironmentContext } from '../../context.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { requireEnvironments } from '../environment/environment.service.ts';
import type { TransferChoices, TransferService } from './transfer.service.ts';
import type { TransferGroup } from './transfer-group.ts';

// Environment files: the export writes out the transfer groups' items of one environment; the import
// is a transfer whose source is the file (transfer-source.ts), with the transfer's preview, token,
// dependency closure, locks, audit entry and runtime revision.

/** The export writes the context's environment; an import's request names its destination. */
export interface EnvironmentFileService {
  exportEnvironment(ctx: EnvironmentContext): Promise<EnvironmentFile>;
  previewImport(ctx: ConsoleContext, request: ImportPreviewRequest): Promise<TransferPreview>;
  importFile(ctx: ConsoleContext, request: ImportRequest): Promise<ImportResult>;
}

/** Where a file came from, for the audit entry: its environment, format as written and checksum. */
export function originOf(file: EnvironmentFile): ImportedFile {
  const sha256 = createHash('sha256').update(formatEnvironmentFile(file)).digest('hex');
  return { environment: file.environment, format: file.format, sha256 };
}

/** Answers the value `work` makes, made once, when first asked. */
function once<T>(work: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: work() };
    return made.value;
  };
}

function choicesOf(request: ImportPreviewRequest, origin: () => ImportedFile): TransferChoices {
  const file = canonicalEnvironmentFile(request.file);
  const { to, mode, groups, carryDependencies, plugins } = request;
  return {
    source: { kind: 'file', file, origin },
    to,
    mode,
    ...(groups === undefined ? {} : { groups }),
    ...(carryDependencies === undefined ? {} : { carryDependencies }),
    ...(plugins === undefined ? {} : { plugins }),
  };
}

export function createEnvironmentFileService(
  registry: readonly TransferGroup[],
  transfer: TransferService,
): EnvironmentFileService {
  const fileGroups = registry.filter((group) =>
    (ENVIRONMENT_FILE_GROUPS as readonly string[]).includes(group.name),
  );
  return {
    // One REPEATABLE READ snapshot, so a file never mixes states from before and after a change.
    exportEnvironment: ({ db, environmentId }) =>
      runInTransaction(
        db,
        async (tx) => {
          await requireEnvironments(tx, [environmentId]);
          const items: Record<string, TransferItem[]> = {};
          for (const group of fileGroups) items[group.name] = await group.list(tx, environmentId);
          // A group listing what the file's schema does not describe is the console's fault, not the caller's
          const built = environmentFileShapeSchema.safeParse(buildEnvironmentFile(environmentId, items));
          if (!built.success) {
            const [issue] = built.error.issues;
            throw new DomainError(
              ErrorCode.Internal,
              `Environment ${environmentId} cannot be written as a file: ${issue?.path.join('.')}: ${issue?.message}`,
            );
          }
          return canonicalEnvironmentFile(built.data);
        },
        { isolationLevel: 'RepeatableRead' },
      ),

    previewImport: (ctx, request) =>
      transfer.previewFrom(
        ctx,
        choicesOf(
          request,
          once(() => originOf(request.file)),
        ),
      ),

    async importFile(ctx, request) {
      const origin = once(() => originOf(request.file));
      // Before the transaction, which then only reads it for the audit entry
      origin();
      const result = await transfer.transferFrom(ctx, choicesOf(request, origin), request.previewToken);
      return { ...result, file: origin() };
    },
  };
}
