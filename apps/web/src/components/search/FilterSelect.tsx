import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The choice meaning "no filter". */
export const ANY = '';

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
}

/** One filter of a list: "All" or one of its choices. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value={ANY}>All</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A yes / no / either filter as a select's value, and back. */
export const booleanChoice = (value: boolean | undefined) => (value === undefined ? ANY : String(value));
export const choiceBoolean = (value: string) => (value === ANY ? undefined : value === 'true');
