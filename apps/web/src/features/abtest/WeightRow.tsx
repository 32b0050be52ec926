import { caseLabel } from '@console/domain/abtest';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { DeleteIcon } from '../../components/icons.tsx';
import { caseColorOf } from './abtest.labels.ts';

interface WeightRowProps {
  index: number;
  text: string;
  /** Why the text is not a percent that can be sent; the field is marked with it. */
  error?: string | undefined;
  hasLaterCases: boolean;
  onType(text: string): void;
  onBlur(): void;
  onDistribute(): void;
  onRemove(): void;
}

/** One case of the Create Version form: its percent, "distribute equally" and remove. */
export function WeightRow({
  index,
  text,
  error,
  hasLaterCases,
  onType,
  onBlur,
  onDistribute,
  onRemove,
}: WeightRowProps) {
  const label = caseLabel(index);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box aria-hidden sx={{ width: 6, height: 40, borderRadius: 1, bgcolor: caseColorOf(index) }} />
      <PlainTextField
        label={label}
        size="small"
        value={text}
        onChange={(event) => onType(event.target.value)}
        onBlur={onBlur}
        error={error !== undefined}
        helperText={error}
        autoComplete="off"
        // The Create Version dialog opens on its first field, not on itself.
        autoFocus={index === 0}
        sx={{ width: 260 }}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
      {hasLaterCases && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onDistribute}
          sx={{ mt: 1.25 }}
          aria-label={`distribute equally after ${label}`}
        >
          distribute equally
        </Link>
      )}
      <Box sx={{ flexGrow: 1 }} />
      <IconButton aria-label={`Remove ${label}`} title="Remove case" onClick={onRemove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
