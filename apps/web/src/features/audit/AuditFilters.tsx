import { AUDIT_ACTIONS } from '@console/domain';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ALL_ACTIONS, type AuditFilter } from './useAuditLog.ts';

/** The action (one of the audit actions, or all) and the exact target the log is filtered by. */
export function AuditFilters({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter(next: Partial<AuditFilter>): void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Action"
        value={filter.action}
        onChange={(event) => onFilter({ action: event.target.value })}
        sx={{ minWidth: 260 }}
      >
        <MenuItem value={ALL_ACTIONS}>All actions</MenuItem>
        {AUDIT_ACTIONS.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {/* keyed by the applied target: Back and Forward show the target they come back to */}
      <TargetFilter
        key={filter.target}
        value={filter.target}
        onApply={(value) => onFilter({ target: value })}
      />
    </Box>
  );
}

/** The exact target (an A/B-test id, a plugin name, a user id, ...), applied on Enter or on leaving the field. */
function TargetFilter({ value, onApply }: { value: string; onApply(value: string): void }) {
  const [text, setText] = useState(value);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  return (
    <Box component="form" onSubmit={submit} role="search" aria-label="Filter by target">
      <TextField
        size="small"
        label="Target"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        helperText="Exact target; Enter applies"
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Box>
  );
}
