import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import {
  ENVIRONMENT_FILE_GROUPS,
  environmentFileNameOf,
  formatEnvironmentFile,
  importPreviewRequestSchema,
} from '@console/domain/environment-file';
import {
  countTransferOperations,
  TRANSFER_MODE_LABELS,
  TransferMode,
  type TransferPreview,
} from '@console/domain/operations';
import { createConsoleContext, createEnvironmentContext } from '../../context.ts';
import type { UnitOfWorkRunner } from '../../db/unit-of-work.ts';
import { createEnvironmentCatalog } from '../environment/environment.public.ts';
import { createEnvironmentFileService } from './environment-file.service.ts';
import { createTransferService } from './transfer.service.ts';
import type { TransferGroup } from './transfer-group.ts';

// `npm run env:export` and `npm run env:import`: the same service the API calls, on the database the
// other scripts use, so an import is the transfer the console makes (preview token, dependency
// closure, locks, one audit entry, one runtime revision). Whoever can reach the database has every
// right; a protected destination still asks for its id to be typed, as the Transfer screen does.

export const EXPORT_USAGE =
  'Usage: npm run env:export -- --env <environment> [--out <file>] (standard output without --out)';
export const IMPORT_USAGE =
  'Usage: npm run env:import -- --file <file> --env <destination> [--mode overwrite|merge] ' +
  `[--groups "<group>,..."] [--no-carry] [--apply --email <who@example.com> [--confirm <destination>]]. ` +
  `Groups: ${ENVIRONMENT_FILE_GROUPS.join(', ')}. Without --apply it only previews.`;

export interface CommandIo {
  /** Where relative paths start: the directory npm was run from. */
  cwd: string;
  out(text: string): void;
  /** The transfer groups a file holds, composed by the entry point (the product's, or a test's). */
  groups: readonly TransferGroup[];
}

/** A refusal the command explains and exits 1 with; nothing was changed. */
export class CommandError extends Error {}

const fail = (message: string): never => {
  throw new CommandError(message);
};

function argsOf<const Options extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: Options,
  usage: string,
) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

/** Who runs a command before --email names them: the operator of the database, writing nothing. */
const NO_ACTOR = { email: '' };

/** Writes the environment's file (canonical text: keys sorted, items in id order) to --out or stdout. */
export async function runExport(
  unitOfWork: UnitOfWorkRunner,
  argv: readonly string[],
  io: CommandIo,
): Promise<void> {
  const values = argsOf(argv, { env: { type: 'string' }, out: { type: 'string' } }, EXPORT_USAGE);
  const environment =
    typeof values.env === 'string' ? values.env : fail(`--env is missing.\n${EXPORT_USAGE}`);
  const service = createEnvironmentFileService(io.groups, createTransferService(io.groups));
  const ctx = createEnvironmentContext(unitOfWork, NO_ACTOR, environment);
  const text = formatEnvironmentFile(await service.exportEnvironment(ctx));
  if (typeof values.out !== 'string' || values.out === '-') {
    io.out(text);
    return;
  }
  const path = resolve(io.cwd, values.out);
  await writeFile(path, text);
  io.out(
    `Exported ${environment} to ${path} (${Buffer.byteLength(text)} bytes; suggested name ${environmentFileNameOf(environment)})\n`,
  );
}

/** The preview, as the Transfer screen shows its counts and what the destination would lack. */
function describePreview(preview: TransferPreview, heading: string): string {
  const lines = [heading];
  for (const [group, rows] of Object.entries(preview.groups)) {
    const counts = countTransferOperations({ [group]: rows });
    lines.push(
      `  ${group}: ${counts.create} to create, ${counts.update} to update, ${counts.delete} to delete, ${counts.unchanged} unchanged`,
    );
    for (const row of rows.filter((candidate) => candidate.operation !== 'unchanged')) {
      lines.push(`    ${row.operation} ${row.id} ${row.title}`);
    }
  }
  for (const dependency of preview.missing) lines.push(`  missing: ${JSON.stringify(dependency)}`);
  return `${lines.join('\n')}\n`;
}

async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return fail(`--file: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(`file: is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Previews importing a file into --env; with --apply, imports it as one transfer. */
export async function runImport(
  unitOfWork: UnitOfWorkRunner,
  argv: readonly string[],
  io: CommandIo,
): Promise<void> {
  const values = argsOf(
    argv,
    {
      file: { type: 'string' },
      env: { type: 'string' },
      mode: { type: 'string', default: TransferMode.Overwrite },
      groups: { type: 'string' },
      'no-carry': { type: 'boolean', default: false },
      apply: { type: 'boolean', default: false },
      email: { type: 'string' },
      confirm: { type: 'string' },
    },
    IMPORT_USAGE,
  );
  const path =
    typeof values.file === 'string'
      ? resolve(io.cwd, values.file)
      : fail(`--file is missing.\n${IMPORT_USAGE}`);
  const to = typeof values.env === 'string' ? values.env : fail(`--env is missing.\n${IMPORT_USAGE}`);
  const groups =
    typeof values.groups === 'string' ? values.groups.split(',').map((name) => name.trim()) : undefined;
  // The request the API would get, read by the same schema: a field is named the same way
  const parsed = importPreviewRequestSchema.safeParse({
    file: await readJsonFile(path),
    to,
    mode: values.mode,
    ...(groups ? { groups } : {}),
    ...(values['no-carry'] ? { carryDependencies: false } : {}),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.join('.') ?? '';
    return fail(`${field === 'to' ? '--env' : field === 'mode' ? '--mode' : field}: ${issue?.message}`);
  }
  const request = parsed.data;
  const service = createEnvironmentFileService(io.groups, createTransferService(io.groups));
  const preview = await service.previewImport(createConsoleContext(unitOfWork, NO_ACTOR), request);
  const label = `${TRANSFER_MODE_LABELS[request.mode]} of ${path} (exported from ${request.file.environment}) into ${to}`;
  io.out(describePreview(preview, `Preview of ${label}:`));
  if (!values.apply) {
    io.out('Nothing changed: run again with --apply --email <you> to import.\n');
    return;
  }
  if (preview.missing.length > 0)
    fail('Not imported: the destination would lack what a plugin needs (see missing).');
  const email =
    typeof values.email === 'string'
      ? values.email
      : fail('--email is missing: the audit entry names who imported');
  // A protected environment (prod) asks for its id typed, as the Transfer screen's confirmation does
  if ((await createEnvironmentCatalog(unitOfWork.db, Date.now).isProtected(to)) && values.confirm !== to) {
    fail(`${to} is a protected environment: add --confirm ${to} to import into it`);
  }
  // The one who imports, as --email names them: the audit entry's and the stamps' operator
  const ctx = createConsoleContext(unitOfWork, { email });
  const result = await service.importFile(ctx, { ...request, previewToken: preview.previewToken });
  const { create, update, delete: deleted } = result.counts;
  io.out(
    `Imported into ${to}: ${create} created, ${update} updated, ${deleted} deleted (sha256 ${result.file.sha256}).\n`,
  );
}
