import { type ConfigKindId, groupConfigKinds } from '@console/domain/config';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';

const GROUPS = groupConfigKinds().filter((group) => group.kinds.length > 0);

/**
 * A group's title in the menu. The Select makes each child an option (role, click, aria-selected);
 * a title is not one: it keeps only its text, presented, and cannot be chosen.
 */
function GroupTitle({ children }: { children?: ReactNode }) {
  return <ListSubheader role="presentation">{children}</ListSubheader>;
}

interface ConfigTypeSelectProps {
  value: ConfigKindId | '';
  onChange(kind: ConfigKindId): void;
}

/** The grouped "Configuration type" dropdown (races, duel, streaks,..., generic kinds). */
export function ConfigTypeSelect({ value, onChange }: ConfigTypeSelectProps) {
  return (
    <PlainSelectField
      size="small"
      label="Configuration type"
      value={value}
      onChange={(event) => onChange(event.target.value as ConfigKindId)}
      sx={{ minWidth: 260 }}
    >
      {GROUPS.flatMap((group) => [
        <GroupTitle key={`group-${group.family}`}>{group.label}</GroupTitle>,
        ...group.kinds.map((kind) => (
          <MenuItem key={kind.id} value={kind.id}>
            {kind.label}
          </MenuItem>
        )),
      ])}
    </PlainSelectField>
  );
}
