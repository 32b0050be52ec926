import { abTestTransferGroup } from '../abtest/abtest.transfer-group.ts';
import { configTransferGroup } from '../config/config.transfer-group.ts';
import { niceTransferGroup } from '../nice/nice.transfer-group.ts';
import { pluginTransferGroup } from '../plugin/plugin.transfer-group.ts';
import { releaseTransferGroup } from '../release/release.transfer-group.ts';
import type { TransferGroup } from './transfer-group.ts';

/**
 * The product's transfer groups, in preview order: what buildApp uses unless it is given others.
 * Features add theirs here, one line each. Frozen: a test builds an app with its own groups instead.
 */
export const transferGroups: readonly TransferGroup[] = Object.freeze([
  releaseTransferGroup,
  pluginTransferGroup,
  niceTransferGroup,
  abTestTransferGroup,
  configTransferGroup,
]);
