import type { TransferGroup } from './transfer-group.ts';

/** Every group the transfer copies, in preview order. Features add theirs here, one line each. */
export const transferGroups: TransferGroup[] = [];
