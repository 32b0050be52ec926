import { TRANSFER_MODE_LABELS, TransferMode } from '@console/domain/operations';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TypeToConfirmDialog } from '../../components/dialogs/TypeToConfirmDialog.tsx';
import { TransferDependenciesTable } from './TransferDependenciesTable.tsx';
import { TransferPreviewTables } from './TransferPreviewTables.tsx';
import type { TransferState } from './useTransfer.ts';

/** The preview of the current choices: its counts, what the plugins need, one table per group; and the ask before a transfer. */
export function TransferPreviewResult({ transfer }: { transfer: TransferState }) {
  const { shownPreview, counts, chosen } = transfer;
  if (!shownPreview || !counts) return null;
  const { to, mode } = chosen;
  const { sourceLabel } = transfer;
  const action = transfer.sourceKind === 'file' ? 'Import' : 'Transfer';
  return (
    <>
      <Typography sx={{ mb: 2 }} role="status">
        {`Preview of ${TRANSFER_MODE_LABELS[mode]} ${sourceLabel} → ${to}: ${counts.create} to create, ` +
          `${counts.update} to update, ${counts.delete} to delete, ${counts.unchanged} unchanged`}
      </Typography>
      <Stack spacing={3}>
        <TransferDependenciesTable dependencies={shownPreview.dependencies} missing={shownPreview.missing} />
        <TransferPreviewTables groups={shownPreview.groups} />
      </Stack>
      <TypeToConfirmDialog
        open={transfer.isConfirming}
        title={`${action} into ${to}?`}
        message={
          `${TRANSFER_MODE_LABELS[mode]} from ${sourceLabel}: ${counts.create} to create, ` +
          `${counts.update} to update, ${counts.delete} to delete, ${counts.unchanged} unchanged. ` +
          `Players of ${to} see the change at once.`
        }
        confirmLabel={`${action} into ${to}`}
        // Overwrite can delete what only the destination has: the operator types its id.
        typedConfirmation={mode === TransferMode.Overwrite ? to : undefined}
        onAnswer={transfer.answerConfirmation}
      />
    </>
  );
}
