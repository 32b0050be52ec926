import { abTestTransferGroup } from './features/abtest/abtest.transfer-group.ts';
import { configTransferGroup } from './features/config/config.transfer-group.ts';
import { niceTransferGroup } from './features/nice/nice.transfer-group.ts';
import { pluginTransferGroup } from './features/plugin/plugin.transfer-group.ts';
import { releaseTransferGroup } from './features/release/release.transfer-group.ts';
import type { TransferGroup } from './features/transfer/transfer.public.ts';

/**
 * The product's transfer groups, in preview order: what buildApp and the environment-file commands
 * use unless given others. Features add theirs here, one line each. Composed here, outside features/,
 * so the transfer knows no feature (each group imports the transfer's TransferGroup type instead).
 * Frozen: a test builds an app with its own groups instead.
 */
export const transferGroups: readonly TransferGroup[] = Object.freeze([
  releaseTransferGroup,
  pluginTransferGroup,
  niceTransferGroup,
  abTestTransferGroup,
  configTransferGroup,
]);
