import { abTestTransferGroup } from '../abtest/abtest.transfer.ts';
import { niceTransferGroup } from '../nice/nice.transfer-group.ts';
import { pluginTransferGroup } from '../plugin/plugin.transfer-group.ts';
import { releaseTransferGroup } from '../release/release.transfer-group.ts';
import type { TransferGroup } from './transfer-group.ts';

/** Every group the transfer copies, in preview order. Features add theirs here, one line each. */
export const transferGroups: TransferGroup[] = [
  releaseTransferGroup,
  pluginTransferGroup,
  niceTransferGroup,
  abTestTransferGroup,
];
