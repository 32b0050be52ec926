import Popover from '@mui/material/Popover';
import { StaticDateTimePicker } from '@mui/x-date-pickers/StaticDateTimePicker';
import type { Dayjs } from 'dayjs';

interface DateTimeCalendarPopoverProps {
  anchor: HTMLElement;
  label: string;
  value: Dayjs | null;
  onAccept(value: Dayjs | null): void;
  onClose(): void;
}

/** The calendar and clock of an activation date (its own lazy chunk), in UTC; OK takes the value. */
export function DateTimeCalendarPopover({
  anchor,
  label,
  value,
  onAccept,
  onClose,
}: DateTimeCalendarPopoverProps) {
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': `${label} calendar` } }}
    >
      <StaticDateTimePicker
        displayStaticWrapperAs="desktop"
        timezone="UTC"
        ampm={false}
        defaultValue={value}
        onAccept={(accepted) => {
          onAccept(accepted);
          onClose();
        }}
        onCancel={onClose}
        slotProps={{ actionBar: { actions: ['clear', 'cancel', 'accept'] } }}
      />
    </Popover>
  );
}
