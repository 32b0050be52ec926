import { CHANGE_REQUEST_STATUS_LABELS, ChangeRequestStatus } from '@console/domain/change-request';
import Chip from '@mui/material/Chip';

const STATUS_COLORS = {
  [ChangeRequestStatus.Draft]: 'default',
  [ChangeRequestStatus.InReview]: 'info',
  [ChangeRequestStatus.Approved]: 'success',
  [ChangeRequestStatus.Scheduled]: 'primary',
  [ChangeRequestStatus.Applied]: 'success',
  [ChangeRequestStatus.Rejected]: 'error',
  [ChangeRequestStatus.Closed]: 'default',
  [ChangeRequestStatus.Failed]: 'error',
} as const;

/** A request's status in the product's words (Draft, In review, Approved, ...). */
export function ChangeRequestStatusChip({ status }: { status: ChangeRequestStatus }) {
  return (
    <Chip
      size="small"
      label={CHANGE_REQUEST_STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
      variant={status === ChangeRequestStatus.Applied ? 'outlined' : 'filled'}
    />
  );
}
