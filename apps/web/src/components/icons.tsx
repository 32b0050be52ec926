// The console's icons, drawn from @mdi/js path data: @mui/icons-material would install some 43,000 files
// (most of a clean install's time) for the two dozen icons used here. Each is named after the MUI icon it
// replaced, which also names its data-testid in development builds and tests ("PushPinIcon").
import {
  mdiAlertCircleOutline,
  mdiAlertOutline,
  mdiArrowDown,
  mdiArrowUp,
  mdiCalendarMonth,
  mdiCheck,
  mdiChevronDown,
  mdiClose,
  mdiContentCopy,
  mdiDelete,
  mdiDeleteOutline,
  mdiDice5,
  mdiDotsVertical,
  mdiDownload,
  mdiEmoticonHappyOutline,
  mdiEmoticonNeutralOutline,
  mdiEmoticonSadOutline,
  mdiEye,
  mdiEyeOff,
  mdiPencil,
  mdiPin,
  mdiPlus,
  mdiRefresh,
} from '@mdi/js';
import { createSvgIcon } from '@mui/material/SvgIcon';

const mdiIcon = (d: string, name: string) => createSvgIcon(<path d={d} />, name);

export const AddIcon = mdiIcon(mdiPlus, 'Add');
export const ArrowDownwardIcon = mdiIcon(mdiArrowDown, 'ArrowDownward');
export const ArrowUpwardIcon = mdiIcon(mdiArrowUp, 'ArrowUpward');
export const CalendarMonthIcon = mdiIcon(mdiCalendarMonth, 'CalendarMonth');
export const CasinoIcon = mdiIcon(mdiDice5, 'Casino');
export const CheckIcon = mdiIcon(mdiCheck, 'Check');
export const CloseIcon = mdiIcon(mdiClose, 'Close');
export const ContentCopyIcon = mdiIcon(mdiContentCopy, 'ContentCopy');
export const DeleteIcon = mdiIcon(mdiDelete, 'Delete');
export const DeleteOutlinedIcon = mdiIcon(mdiDeleteOutline, 'DeleteOutlined');
export const DownloadIcon = mdiIcon(mdiDownload, 'Download');
export const EditIcon = mdiIcon(mdiPencil, 'Edit');
export const ErrorOutlineIcon = mdiIcon(mdiAlertCircleOutline, 'ErrorOutline');
export const KeyboardArrowDownIcon = mdiIcon(mdiChevronDown, 'KeyboardArrowDown');
export const MoreVertIcon = mdiIcon(mdiDotsVertical, 'MoreVert');
export const PushPinIcon = mdiIcon(mdiPin, 'PushPin');
export const RefreshIcon = mdiIcon(mdiRefresh, 'Refresh');
export const SentimentDissatisfiedIcon = mdiIcon(mdiEmoticonSadOutline, 'SentimentDissatisfied');
export const SentimentNeutralIcon = mdiIcon(mdiEmoticonNeutralOutline, 'SentimentNeutral');
export const SentimentSatisfiedAltIcon = mdiIcon(mdiEmoticonHappyOutline, 'SentimentSatisfiedAlt');
export const VisibilityIcon = mdiIcon(mdiEye, 'Visibility');
export const VisibilityOffIcon = mdiIcon(mdiEyeOff, 'VisibilityOff');
export const WarningAmberIcon = mdiIcon(mdiAlertOutline, 'WarningAmber');
