import { createHash } from 'node:crypto';
import {
  conflict,
  countTransferOperations,
  describeTransferState,
  diffGroup,
  TRANSFER_STALE_PREVIEW_MESSAGE,
  type TransferItem,
  TransferOperation,
  type TransferPreview,
  type TransferPreviewGroups,
  type TransferPreviewRequest,
  type TransferRequest,
  type TransferResult,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { isConcurrentUpdateError, runInTransaction } from '../../db/transaction.ts';
import { mutate } from '../audit/audit.service.ts';
import { lockEnvironments, requireEnvironments } from '../environment/environment.service.ts';
import { checkTransferGroups, type TransferGroup } from './transfer-group.ts';

type ItemsByGroup = Record<string, TransferItem[]>;
interface TransferState {
  source: ItemsByGroup;
  destination: ItemsByGroup;
}
const MAX_ATTEMPTS = 4;
const RETRY_DELAY_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Endpoints = Pick<TransferPreviewRequest, 'from' | 'to' | 'mode'>;

export interface TransferService {
  preview(db: Db, request: TransferPreviewRequest): Promise<TransferPreview>;
  transfer(db: Db, request: TransferRequest, email: string): Promise<TransferResult>;
}

/**
 * The environment transfer over a registry of groups: it knows how to compare and apply groups,
 * never what they hold. The registry is checked here, once, so a bad one stops the app at start.
 */
export function createTransferService(registry: readonly TransferGroup[]): TransferService {
  const groups = checkTransferGroups(registry);

  const readState = async (tx: Tx, request: Endpoints): Promise<TransferState> => {
    const state: TransferState = { source: {}, destination: {} };
    for (const group of groups) {
      state.source[group.name] = await group.list(tx, request.from);
      state.destination[group.name] = await group.list(tx, request.to);
    }
    return state;
  };

  // Registry order, so the preview lists groups in the order features registered them.
  const diffState = (state: TransferState, request: Endpoints): TransferPreviewGroups =>
    Object.fromEntries(
      groups.map((group) => [
        group.name,
        diffGroup(state.source[group.name] ?? [], state.destination[group.name] ?? [], request.mode),
      ]),
    );

  const tokenOf = (request: Endpoints, state: TransferState) =>
    createHash('sha256')
      .update(describeTransferState(request, state.source, state.destination))
      .digest('hex');

  // Deletes first, later groups first (they may refer to earlier ones); then writes in registry order.
  const apply = async (tx: Tx, request: Endpoints, preview: TransferPreviewGroups, email: string) => {
    const { to } = request;
    const context = { email, sourceEnvironmentId: request.from };
    for (const group of [...groups].reverse()) {
      for (const row of preview[group.name] ?? []) {
        if (row.operation === TransferOperation.Delete) await group.remove(tx, to, row.id, context);
      }
    }
    for (const group of groups) {
      for (const { operation, ...item } of preview[group.name] ?? []) {
        if (operation === TransferOperation.Create || operation === TransferOperation.Update) {
          await group.write(tx, to, item, context);
        }
      }
    }
  };

  // SERIALIZABLE: every read from one snapshot, and a concurrent change to anything this transfer read
  // or writes aborts it rather than being overwritten. The row locks make a second transfer touching
  // the same environments wait for the first instead of interleaving with it.
  const runTransfer = (db: Db, request: TransferRequest, email: string) =>
    mutate(
      db,
      async (tx) => {
        await lockEnvironments(tx, [request.from, request.to]);
        const state = await readState(tx, request);
        if (tokenOf(request, state) !== request.previewToken) throw conflict(TRANSFER_STALE_PREVIEW_MESSAGE);
        const preview = diffState(state, request);
        await apply(tx, request, preview, email);
        const counts = countTransferOperations(preview);
        const countsByGroup = Object.fromEntries(
          Object.entries(preview).map(([name, rows]) => [name, countTransferOperations({ [name]: rows })]),
        );
        return {
          result: { from: request.from, to: request.to, mode: request.mode, counts },
          audit: {
            environmentId: request.to,
            email,
            action: 'environment.transfer',
            target: request.to,
            attributes: { from: request.from, mode: request.mode, counts, groups: countsByGroup },
          },
        };
      },
      { isolationLevel: 'Serializable' },
    );

  return {
    // One REPEATABLE READ snapshot, so a preview never mixes states from before and after a change.
    async preview(db, request) {
      return runInTransaction(
        db,
        async (tx) => {
          await requireEnvironments(tx, [request.from, request.to]);
          const state = await readState(tx, request);
          return { groups: diffState(state, request), previewToken: tokenOf(request, state) };
        },
        { isolationLevel: 'RepeatableRead' },
      );
    },

    async transfer(db, request, email) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await runTransfer(db, request, email);
        } catch (error) {
          if (!isConcurrentUpdateError(error)) throw error;
          // A concurrent transaction won. Run again on a fresh snapshot: the token check then tells
          // a real change (409) from a harmless overlap such as another transfer from the same source.
          if (attempt >= MAX_ATTEMPTS) throw conflict(TRANSFER_STALE_PREVIEW_MESSAGE);
          await sleep(RETRY_DELAY_MS * attempt * (0.5 + Math.random()));
        }
      }
    },
  };
}
