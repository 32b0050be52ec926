import { createHash } from 'node:crypto';
import { badInput, conflict, ruleViolation } from '@console/domain/errors';
import {
  countTransferOperations,
  describeTransferState,
  planTransfer,
  TRANSFER_STALE_PREVIEW_MESSAGE,
  type TransferDependencyRules,
  TransferGroupName,
  type TransferItem,
  TransferMode,
  TransferOperation,
  type TransferPlan,
  type TransferPreview,
  type TransferPreviewGroups,
  type TransferPreviewRequest,
  type TransferRequest,
  type TransferResult,
  transferRefusalOf,
} from '@console/domain/operations';
import { type ConsoleContext, forEnvironment } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { isConcurrentUpdateError, runInTransaction } from '../../db/transaction.ts';
import { lockEnvironments, requireEnvironments } from '../environment/environment.service.ts';
import { checkTransferGroups, type TransferGroup, type TransferWriteContext } from './transfer-group.ts';
import {
  isGroupInSource,
  listSourceItems,
  sourceEnvironmentOf,
  sourceLabelOf,
  type TransferSource,
} from './transfer-source.ts';

type ItemsByGroup = Record<string, TransferItem[]>;
interface TransferState {
  source: ItemsByGroup;
  destination: ItemsByGroup;
}
const MAX_ATTEMPTS = 4;
const RETRY_DELAY_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a transfer is asked to do, whatever its source: the choices of a transfer request. */
export type TransferChoices = Pick<
  TransferPreviewRequest,
  'to' | 'mode' | 'groups' | 'carryDependencies' | 'plugins'
> & {
  source: TransferSource;
};

/**
 * The request names both environments, so a console-wide context is enough: its database, and its
 * actor, who the transfer's audit entry and stamps name.
 */
export interface TransferService {
  preview(ctx: ConsoleContext, request: TransferPreviewRequest): Promise<TransferPreview>;
  transfer(ctx: ConsoleContext, request: TransferRequest): Promise<TransferResult>;
  /** The preview of a transfer from any source (an import's file). */
  previewFrom(ctx: ConsoleContext, choices: TransferChoices): Promise<TransferPreview>;
  /** The transfer from any source, given the token of its preview. */
  transferFrom(ctx: ConsoleContext, choices: TransferChoices, previewToken: string): Promise<TransferResult>;
}

/** A transfer request's choices, its source being the environment `from`. */
const choicesOf = ({
  from,
  to,
  mode,
  groups,
  carryDependencies,
  plugins,
}: TransferPreviewRequest): TransferChoices => ({
  source: { kind: 'environment', environmentId: from },
  to,
  mode,
  ...(groups === undefined ? {} : { groups }),
  ...(carryDependencies === undefined ? {} : { carryDependencies }),
  ...(plugins === undefined ? {} : { plugins }),
});

/** The environments a transfer reads: the source's (when it is one) and the destination. */
const environmentsOf = (request: TransferChoices): string[] => {
  const source = sourceEnvironmentOf(request.source);
  return source === null ? [request.to] : [source, request.to];
};

/** What the groups' items need of each other, for planTransfer (the dependency closure). */
export function dependencyRulesOf(groups: readonly TransferGroup[]): TransferDependencyRules {
  const groupNamed = new Map(groups.map((group) => [group.name, group]));
  return {
    referencesOf: (name, item) => groupNamed.get(name)?.referencesOf?.(item) ?? [],
    partOf: (reference, item) => groupNamed.get(reference.group)?.referencedPart?.(item, reference),
  };
}

/**
 * Writes a planned transfer's rows into `to`: deletes first, later groups first (they may refer to
 * earlier ones); then creates and updates in registry order. A change request's apply writes the same way.
 * A group with writeAll / removeAll gets all its rows in one call (set-based, so ten thousand
 * A/B-tests fit in the transaction's timeout); the others one row at a time.
 */
export async function applyTransferRows(
  tx: Tx,
  groups: readonly TransferGroup[],
  to: string,
  preview: TransferPreviewGroups,
  context: TransferWriteContext,
): Promise<void> {
  for (const group of [...groups].reverse()) {
    const ids = (preview[group.name] ?? [])
      .filter((row) => row.operation === TransferOperation.Delete)
      .map((row) => row.id);
    if (ids.length === 0) continue;
    if (group.removeAll) await group.removeAll(tx, to, ids, context);
    else for (const id of ids) await group.remove(tx, to, id, context);
  }
  for (const group of groups) {
    const items = (preview[group.name] ?? []).flatMap(({ operation, ...item }) =>
      operation === TransferOperation.Create || operation === TransferOperation.Update ? [item] : [],
    );
    if (items.length === 0) continue;
    if (group.writeAll) await group.writeAll(tx, to, items, context);
    else for (const item of items) await group.write(tx, to, item, context);
  }
}

/**
 * The environment transfer over a registry of groups: it knows how to compare and apply groups,
 * never what they hold. The registry is checked here, once, so a bad one stops the app at start.
 */
export function createTransferService(registry: readonly TransferGroup[]): TransferService {
  const groups = checkTransferGroups(registry);

  const readState = async (tx: Tx, request: TransferChoices): Promise<TransferState> => {
    const state: TransferState = { source: {}, destination: {} };
    for (const group of groups) {
      state.source[group.name] = await listSourceItems(tx, request.source, group);
      state.destination[group.name] = await group.list(tx, request.to);
    }
    return state;
  };

  const dependencyRules = dependencyRulesOf(groups);

  // The chosen groups in registry order (absent = all the source holds); an unknown name is the
  // caller's mistake.
  const chosenGroupsOf = (request: TransferChoices): string[] => {
    const known = groups.map((group) => group.name).filter((name) => isGroupInSource(request.source, name));
    const unknown = (request.groups ?? []).filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw badInput(
        `groups: unknown group ${unknown.map((name) => `'${name}'`).join(', ')}; groups are ${known.join(', ')}`,
      );
    }
    return known.filter((name) => request.groups?.includes(name) ?? true);
  };
  // Every group a source can hold, so "every group" of a file is its groups, not the registry's.
  const isEveryGroup = (request: TransferChoices) =>
    chosenGroupsOf(request).length ===
    groups.filter((group) => isGroupInSource(request.source, group.name)).length;
  const carriesDependencies = (request: TransferChoices) => request.carryDependencies ?? true;

  // Every group is read, chosen or not, since a chosen one may need what another holds.
  // Registry order, so the preview lists groups in the order features registered them.
  const planOf = (state: TransferState, request: TransferChoices): TransferPlan => {
    const chosen = chosenGroupsOf(request);
    // Chosen plugins only: the others are out of the plan on both sides (left as they are)
    const only = (name: string, items: readonly TransferItem[]) =>
      name !== TransferGroupName.Plugins || request.plugins === undefined
        ? items
        : items.filter((item) => request.plugins?.includes(Number(item.id)));
    const states = groups.map((group) => ({
      name: group.name,
      source: only(group.name, state.source[group.name] ?? []),
      destination: only(group.name, state.destination[group.name] ?? []),
      isChosen: chosen.includes(group.name),
    }));
    const options = { mode: request.mode, carryDependencies: carriesDependencies(request) };
    return planTransfer(states, options, dependencyRules);
  };

  // The token covers the chosen groups and the carry, normalised, so an equal request keeps its token.
  const tokenOf = (request: TransferChoices, state: TransferState) => {
    const normalised = {
      from: sourceLabelOf(request.source),
      to: request.to,
      mode: request.mode,
      groups: chosenGroupsOf(request),
      carryDependencies: request.mode === TransferMode.Merge && carriesDependencies(request),
      ...(request.plugins === undefined ? {} : { plugins: [...request.plugins].sort((a, b) => a - b) }),
    };
    return createHash('sha256')
      .update(describeTransferState(normalised, state.source, state.destination))
      .digest('hex');
  };

  // Stamped with the context's actor
  const apply = (tx: Tx, ctx: ConsoleContext, request: TransferChoices, preview: TransferPreviewGroups) =>
    applyTransferRows(tx, groups, request.to, preview, {
      email: ctx.actor.email,
      sourceEnvironmentId: sourceEnvironmentOf(request.source),
    });

  // SERIALIZABLE: every read from one snapshot, and a concurrent change to anything this transfer read
  // or writes aborts it rather than being overwritten. The row locks make a second transfer touching
  // the same environments wait for the first instead of interleaving with it.
  // In the destination's context: the audit entry is the destination's, by the context's actor.
  const runTransfer = (ctx: ConsoleContext, request: TransferChoices, previewToken: string) =>
    forEnvironment(ctx, request.to).mutate(
      async ({ tx, audit }) => {
        await lockEnvironments(tx, environmentsOf(request));
        const state = await readState(tx, request);
        if (tokenOf(request, state) !== previewToken) throw conflict(TRANSFER_STALE_PREVIEW_MESSAGE);
        const plan = planOf(state, request);
        // Never leave a destination item needing what the destination lacks
        if (plan.missing.length > 0) throw ruleViolation(transferRefusalOf(plan.missing));
        const preview = plan.groups;
        await apply(tx, ctx, request, preview);
        const counts = countTransferOperations(preview);
        const countsByGroup = Object.fromEntries(
          Object.entries(preview).map(([name, rows]) => [name, countTransferOperations({ [name]: rows })]),
        );
        const chosenGroups = chosenGroupsOf(request);
        const from = sourceLabelOf(request.source);
        audit({
          action: 'environment.transfer',
          target: request.to,
          attributes: {
            from,
            mode: request.mode,
            counts,
            groups: countsByGroup,
            ...(isEveryGroup(request) ? {} : { chosenGroups }),
            ...(plan.carried.length > 0 ? { carried: plan.carried } : {}),
            ...(request.plugins === undefined ? {} : { chosenPlugins: request.plugins }),
            ...(request.source.kind === 'file' ? { file: request.source.origin() } : {}),
          },
        });
        return { from, to: request.to, mode: request.mode, counts };
      },
      { isolationLevel: 'Serializable' },
    );

  // One REPEATABLE READ snapshot, so a preview never mixes states from before and after a change.
  const previewFrom = async (ctx: ConsoleContext, request: TransferChoices): Promise<TransferPreview> => {
    chosenGroupsOf(request);
    return runInTransaction(
      ctx.db,
      async (tx) => {
        await requireEnvironments(tx, environmentsOf(request));
        const state = await readState(tx, request);
        const { groups: planned, dependencies, missing } = planOf(state, request);
        return { groups: planned, dependencies, missing, previewToken: tokenOf(request, state) };
      },
      { isolationLevel: 'RepeatableRead' },
    );
  };

  const transferFrom = async (
    ctx: ConsoleContext,
    request: TransferChoices,
    previewToken: string,
  ): Promise<TransferResult> => {
    chosenGroupsOf(request);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await runTransfer(ctx, request, previewToken);
      } catch (error) {
        if (!isConcurrentUpdateError(error)) throw error;
        // A concurrent transaction won. Run again on a fresh snapshot: the token check then tells
        // a real change (409) from a harmless overlap such as another transfer from the same source.
        if (attempt >= MAX_ATTEMPTS) throw conflict(TRANSFER_STALE_PREVIEW_MESSAGE);
        await sleep(RETRY_DELAY_MS * attempt * (0.5 + Math.random()));
      }
    }
  };

  return {
    preview: (ctx, request) => previewFrom(ctx, choicesOf(request)),
    transfer: (ctx, request) => transferFrom(ctx, choicesOf(request), request.previewToken),
    previewFrom,
    transferFrom,
  };
}
