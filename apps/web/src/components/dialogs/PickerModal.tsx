import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableRow from '@mui/material/TableRow';
import { type ReactNode, useId } from 'react';

interface PickerModalProps {
  open: boolean;
  title: string;
  /** "Select none": clears the selection. */
  onSelectNone(): void;
  /** Cancel: leaves the selection as it is. */
  onClose(): void;
  /** The table of choices; rendered only while open, so its list loads when the picker opens. */
  children: ReactNode;
}

/** Pickers: a table of choices, "Select none" and Cancel (A/B-tests, configurations). */
export function PickerModal({ open, title, onSelectNone, onClose, children }: PickerModalProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{open && children}</DialogContent>
      <DialogActions>
        <Button onClick={onSelectNone}>Select none</Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One choice of a picker: chosen by a click, Enter or Space; the current selection is marked. */
export function PickerRow({
  isSelected,
  onChoose,
  children,
}: {
  isSelected: boolean;
  onChoose(): void;
  children: ReactNode;
}) {
  return (
    <TableRow
      hover
      selected={isSelected}
      aria-selected={isSelected}
      tabIndex={0}
      sx={{ cursor: 'pointer' }}
      onClick={onChoose}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onChoose();
        }
      }}
    >
      {children}
    </TableRow>
  );
}
