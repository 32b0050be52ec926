import { type ConfigKindId, groupConfigKinds } from '@console/domain';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

const GROUPS = groupConfigKinds().filter((group) => group.kinds.length > 0);

interface ConfigTypeSelectProps {
  value: ConfigKindId | '';
  onChange(kind: ConfigKindId): void;
}

/** spec §2: the grouped "Configuration type" dropdown (races, duel, streaks, ..., generic kinds). */
export function ConfigTypeSelect({ value, onChange }: ConfigTypeSelectProps) {
  return (
    <TextField
      select
      size="small"
      label="Configuration type"
      value={value}
      onChange={(event) => onChange(event.target.value as ConfigKindId)}
      sx={{ minWidth: 260 }}
    >
      {GROUPS.flatMap((group) => [
        <ListSubheader key={`group-${group.family}`}>{group.label}</ListSubheader>,
        ...group.kinds.map((kind) => (
          <MenuItem key={kind.id} value={kind.id}>
            {kind.label}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}
