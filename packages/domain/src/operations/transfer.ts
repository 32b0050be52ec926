import { z } from 'zod';
import { lengthCheckedFirst } from '../api/bounded.ts';
import { ENVIRONMENT_ID_MAX_LENGTH, ENVIRONMENT_ID_PATTERN } from '../environment.ts';
import { DomainError, ErrorCode } from '../errors.ts';
import { stableStringify } from './stable-stringify.ts';

// Configuration Transfer: mode Overwrite or Merge. Decision: lower-case on the wire.
export const TransferMode = { Overwrite: 'overwrite', Merge: 'merge' } as const;
export type TransferMode = (typeof TransferMode)[keyof typeof TransferMode];
export const TRANSFER_MODE_LABELS: Record<TransferMode, string> = { overwrite: 'Overwrite', merge: 'Merge' };

export const TransferOperation = {
  Create: 'create',
  Update: 'update',
  Delete: 'delete',
  Unchanged: 'unchanged',
} as const;
export type TransferOperation = (typeof TransferOperation)[keyof typeof TransferOperation];

// The exact 409 text when the source or destination changed after the operator's preview
export const TRANSFER_STALE_PREVIEW_MESSAGE = 'Environment changed since preview';

const environmentField = (field: 'from' | 'to') =>
  z
    .string({ error: `${field} must be an environment id` })
    .max(ENVIRONMENT_ID_MAX_LENGTH, {
      error: `${field} must be 1-36 characters of letters, digits, - or _`,
      abort: true,
    })
    .regex(ENVIRONMENT_ID_PATTERN, { error: `${field} must be 1-36 characters of letters, digits, - or _` });

/** The plugins a transfer may name: far more than there are. */
const MAX_CHOSEN_PLUGINS = 1000;

// The product's groups, in preview order. The server's registry uses these names (a test
// says so); the screen offers them as the groups an operator may choose.
export const TransferGroupName = {
  Release: 'Release info',
  Plugins: 'Plugins',
  Nice: 'NICE config',
  AbTests: 'A/B-tests',
  Configurations: 'Configurations',
} as const;
export const TRANSFER_GROUP_NAMES: readonly string[] = Object.values(TransferGroupName);

const MAX_GROUP_NAME_LENGTH = 100;
const MAX_CHOSEN_GROUPS = 50;

/** The fields of a transfer request, shared by the import of an environment file. */
export const transferShape = {
  from: environmentField('from'),
  to: environmentField('to'),
  mode: z.enum([TransferMode.Overwrite, TransferMode.Merge], {
    error: "mode must be 'overwrite' or 'merge'",
  }),
  /** The groups to transfer; absent = every group (as before). */
  groups: lengthCheckedFirst(
    z
      .array(
        z
          .string({ error: 'groups must be group names' })
          .min(1, { error: 'groups must not hold an empty name' })
          .max(MAX_GROUP_NAME_LENGTH, {
            error: `group names are at most ${MAX_GROUP_NAME_LENGTH} characters`,
          }),
        { error: 'groups must be a list of group names' },
      )
      .min(1, { error: 'groups must name at least one group' })
      .max(MAX_CHOSEN_GROUPS, { error: `groups must name at most ${MAX_CHOSEN_GROUPS} groups` })
      .refine((names) => new Set(names).size === names.length, {
        error: 'groups must not name a group twice',
      }),
    MAX_CHOSEN_GROUPS,
    `groups must name at most ${MAX_CHOSEN_GROUPS} groups`,
  ).optional(),
  /**
   * Merge only: whether what a transferred item needs (a plugin's A/B-test versions and configurations)
   * travels with it when the destination lacks it. Absent = true.
   */
  carryDependencies: z.boolean({ error: 'carryDependencies must be true or false' }).optional(),
  /**
   * Only these plugins (by id) of the Plugins group travel, with what they need; the others
   * are left as they are on both sides. Absent = every plugin.
   */
  plugins: lengthCheckedFirst(
    z
      .array(z.number({ error: 'plugins must be plugin ids' }).int({ error: 'plugins must be plugin ids' }), {
        error: 'plugins must be a list of plugin ids',
      })
      .min(1, { error: 'plugins must name at least one plugin' })
      .max(MAX_CHOSEN_PLUGINS, { error: `plugins must name at most ${MAX_CHOSEN_PLUGINS} plugins` }),
    MAX_CHOSEN_PLUGINS,
    `plugins must name at most ${MAX_CHOSEN_PLUGINS} plugins`,
  ).optional(),
};

// Destination cannot equal source
const refuseSameEnvironment = (request: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (request.from === request.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Cannot transfer environment '${request.from}' to itself; choose another destination`,
    });
  }
};

/** Body of /api/configuration/transfer/preview. */
export const transferPreviewRequestSchema = z.object(transferShape).superRefine(refuseSameEnvironment);
export type TransferPreviewRequest = z.infer<typeof transferPreviewRequestSchema>;

/** The token a preview answers, which the transfer (or import) sends back. */
export const previewTokenSchema = z
  .string({ error: 'previewToken is missing; preview the transfer first' })
  .min(1, { error: 'previewToken is missing; preview the transfer first' })
  .max(128, { error: 'previewToken must be at most 128 characters' });

/** Body of /api/configuration/transfer: the preview's token, so a transfer never runs unpreviewed. */
export const transferRequestSchema = z
  .object({
    ...transferShape,
    previewToken: previewTokenSchema,
  })
  .superRefine(refuseSameEnvironment);
export type TransferRequest = z.infer<typeof transferRequestSchema>;

// ---- items and preview ----

// Ids are the group's own: text for A/B-tests and configurations, numbers for plugins.
export const transferItemIdSchema = z.union([z.string(), z.number().int()]);
export type TransferItemId = z.infer<typeof transferItemIdSchema>;

export const transferItemSchema = z.object({
  id: transferItemIdSchema,
  active: z.boolean(),
  title: z.string(),
  payload: z.unknown(),
});
export type TransferItem = z.infer<typeof transferItemSchema>;

export const transferPreviewItemSchema = transferItemSchema.extend({
  operation: z.enum([
    TransferOperation.Create,
    TransferOperation.Update,
    TransferOperation.Delete,
    TransferOperation.Unchanged,
  ]),
});
export type TransferPreviewItem = z.infer<typeof transferPreviewItemSchema>;

// ---- dependencies (transfer with dependency closure) ----

/** Whether the destination holds what a transferred item needs, compared with the source's. */
export const TransferDependencyStatus = {
  Missing: 'missing',
  Equal: 'equal',
  Different: 'different',
} as const;
export type TransferDependencyStatus =
  (typeof TransferDependencyStatus)[keyof typeof TransferDependencyStatus];

/** What the transfer does about one dependency. */
export const TransferDependencyOutcome = {
  /** Equal in the destination and not written. */
  Unchanged: 'unchanged',
  /** Its own group is transferred and writes the source's item. */
  Transferred: 'transferred',
  /** Written although its group was not chosen, because a transferred item needs it (merge). */
  Carried: 'carried',
  /** Different in the destination, whose item stays. */
  Kept: 'kept',
  /** The destination would lack it after the transfer: the transfer is refused. */
  Refused: 'refused',
} as const;
export type TransferDependencyOutcome =
  (typeof TransferDependencyOutcome)[keyof typeof TransferDependencyOutcome];

/** What an item needs of another group's item: the item, or one version of it (an A/B-test version). */
export const transferReferenceSchema = z.object({
  group: z.string(),
  id: transferItemIdSchema,
  version: z.number().int().optional(),
  /** How the operator names it, e.g. "A/B-test 'spring' version 2", "configuration 'duel-1'". */
  label: z.string(),
});
export type TransferReference = z.infer<typeof transferReferenceSchema>;

export const transferDependencySchema = transferReferenceSchema.extend({
  /** The source item's title ('' when neither side has the item). */
  title: z.string(),
  isInSource: z.boolean(),
  status: z.enum([
    TransferDependencyStatus.Missing,
    TransferDependencyStatus.Equal,
    TransferDependencyStatus.Different,
  ]),
  outcome: z.enum([
    TransferDependencyOutcome.Unchanged,
    TransferDependencyOutcome.Transferred,
    TransferDependencyOutcome.Carried,
    TransferDependencyOutcome.Kept,
    TransferDependencyOutcome.Refused,
  ]),
  /** The transferred items that need it, e.g. the plugin DUEL. */
  neededBy: z.array(z.object({ group: z.string(), id: transferItemIdSchema, title: z.string() })),
});
export type TransferDependency = z.infer<typeof transferDependencySchema>;

/**
 * Answer of /api/configuration/transfer/preview. Decision: groups beside the token, not mixed into one
 * map. `dependencies` lists what the transferred items need; `missing` what the destination would
 * lack afterwards (the transfer refuses while it is not empty).
 */
export const transferPreviewResponseSchema = z.object({
  groups: z.record(z.string(), z.array(transferPreviewItemSchema)),
  dependencies: z.array(transferDependencySchema),
  missing: z.array(z.string()),
  previewToken: z.string(),
});
export type TransferPreview = z.infer<typeof transferPreviewResponseSchema>;
export type TransferPreviewGroups = TransferPreview['groups'];

/** Answer of /api/configuration/transfer: what was done, counted per operation over all groups. */
export const transferResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  mode: z.enum([TransferMode.Overwrite, TransferMode.Merge]),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    delete: z.number().int(),
    unchanged: z.number().int(),
  }),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

/** The key of an item id: numbers and texts kept apart (7 and '7' are two items). */
export const transferItemKeyOf = (id: TransferItemId) => `${typeof id}:${id}`;
const keyOf = transferItemKeyOf;

// Numbers before texts; numbers ascending, texts by code unit (locale-independent, so stable).
export function compareTransferItemIds(a: TransferItemId, b: TransferItemId): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One side's items by key; an id twice is the group's fault (500). */
export function indexTransferItems(items: readonly TransferItem[], side: string): Map<string, TransferItem> {
  const byId = new Map<string, TransferItem>();
  for (const item of items) {
    const key = keyOf(item.id);
    if (byId.has(key))
      throw new DomainError(ErrorCode.Internal, `Transfer ${side} has item '${item.id}' twice`);
    byId.set(key, item);
  }
  return byId;
}

/** Whether two items are the same as far as a transfer is concerned: active, title and payload (key order ignored). */
export function isSameTransferItem(a: TransferItem, b: TransferItem): boolean {
  const contentOf = (item: TransferItem) =>
    stableStringify({ active: item.active, title: item.title, payload: item.payload });
  return contentOf(a) === contentOf(b);
}

/**
 * What a transfer does to one group, item by item, sorted by id. Source items are created or
 * updated (or unchanged) in both modes. Destination-only items are deleted in overwrite mode and
 * kept in merge mode, where they show as 'unchanged' so the preview lists the whole resulting group.
 * Create, update and unchanged rows carry the source's fields; delete rows the destination's.
 */
export function diffGroup(
  sourceItems: readonly TransferItem[],
  destinationItems: readonly TransferItem[],
  mode: TransferMode,
): TransferPreviewItem[] {
  const source = indexTransferItems(sourceItems, 'source');
  const destination = indexTransferItems(destinationItems, 'destination');
  const preview: TransferPreviewItem[] = [];
  for (const [key, item] of source) {
    const existing = destination.get(key);
    const operation = !existing
      ? TransferOperation.Create
      : isSameTransferItem(item, existing)
        ? TransferOperation.Unchanged
        : TransferOperation.Update;
    preview.push({ ...item, operation });
  }
  for (const [key, item] of destination) {
    if (source.has(key)) continue;
    const operation =
      mode === TransferMode.Overwrite ? TransferOperation.Delete : TransferOperation.Unchanged;
    preview.push({ ...item, operation });
  }
  return preview.sort((a, b) => compareTransferItemIds(a.id, b.id));
}

/** diffGroup for every group present on either side; group names in sorted order. */
export function diffGroups(
  source: Readonly<Record<string, readonly TransferItem[]>>,
  destination: Readonly<Record<string, readonly TransferItem[]>>,
  mode: TransferMode,
): TransferPreviewGroups {
  const groups = [...new Set([...Object.keys(source), ...Object.keys(destination)])].sort();
  return Object.fromEntries(
    groups.map((group) => [group, diffGroup(source[group] ?? [], destination[group] ?? [], mode)]),
  );
}

/**
 * The canonical text of everything a preview depends on. The server hashes it (SHA-256, hex) into
 * the previewToken and, on transfer, recomputes it from the current state: a different token means
 * the environments changed since the preview (answer TRANSFER_STALE_PREVIEW_MESSAGE).
 */
export function describeTransferState(
  request: {
    from: string;
    to: string;
    mode: TransferMode;
    groups?: readonly string[];
    carryDependencies?: boolean;
    plugins?: readonly number[];
  },
  source: Readonly<Record<string, readonly TransferItem[]>>,
  destination: Readonly<Record<string, readonly TransferItem[]>>,
): string {
  // Sorted by id, so the store's row order cannot change the token.
  const sortGroups = (groups: Readonly<Record<string, readonly TransferItem[]>>) =>
    Object.fromEntries(
      Object.entries(groups).map(([group, items]) => [
        group,
        [...items].sort((a, b) => compareTransferItemIds(a.id, b.id)),
      ]),
    );
  return stableStringify({
    from: request.from,
    to: request.to,
    mode: request.mode,
    groups: request.groups,
    carryDependencies: request.carryDependencies,
    // Absent for every plugin, so earlier tokens stay as they were
    ...(request.plugins === undefined ? {} : { plugins: request.plugins }),
    source: sortGroups(source),
    destination: sortGroups(destination),
  });
}

/** How many rows of each operation a preview holds, e.g. for a summary line or the audit entry. */
export function countTransferOperations(groups: TransferPreviewGroups): Record<TransferOperation, number> {
  const counts: Record<TransferOperation, number> = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const items of Object.values(groups)) for (const item of items) counts[item.operation] += 1;
  return counts;
}
