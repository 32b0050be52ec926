// What a feature implements to take part in the environment transfer (its *.transfer-group.ts,
// registered in apps/server/src/transfer-groups.ts), and what a change request's branch and apply reuse of it.

export { applyTransferRows, dependencyRulesOf } from './transfer.service.ts';
export type { TransferGroup, TransferWriteContext } from './transfer-group.ts';
