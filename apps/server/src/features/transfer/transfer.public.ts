// What a feature implements to take part in the environment transfer (its *.transfer-group.ts,
// registered in transfer.groups.ts).

export type { TransferGroup, TransferWriteContext } from './transfer-group.ts';
