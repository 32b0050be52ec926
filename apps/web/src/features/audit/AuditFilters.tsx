import { AUDIT_ACTIONS, AUDIT_FILTER_MAX_LENGTH } from '@console/domain/audit';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { type FormEvent, useState } from 'react';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { ALL_ACTIONS, type AuditFilter } from './useAuditLog.ts';

/**
 * The action (one of the audit actions, or all), the exact target, the exact e-mail and the days the log is
 * filtered by.
 */
export function AuditFilters({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter(next: Partial<AuditFilter>): void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <PlainSelectField
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
      </PlainSelectField>
      {/* keyed by the applied text: Back and Forward show the text they come back to */}
      <ExactFilter
        key={`target-${filter.target}`}
        label="Target"
        searchLabel="Filter by target"
        helperText="Exact target; Enter applies"
        value={filter.target}
        onApply={(value) => onFilter({ target: value })}
      />
      <ExactFilter
        key={`email-${filter.email}`}
        label="E-mail"
        searchLabel="Filter by e-mail"
        helperText="Exact e-mail; Enter applies"
        value={filter.email}
        onApply={(value) => onFilter({ email: value })}
      />
      <PlainTextField
        type="date"
        size="small"
        label="From"
        value={filter.from}
        onChange={(event) => onFilter({ from: event.target.value })}
        helperText="First day (UTC)"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <PlainTextField
        type="date"
        size="small"
        label="To"
        value={filter.to}
        onChange={(event) => onFilter({ to: event.target.value })}
        helperText="Last day (UTC)"
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}

interface ExactFilterProps {
  label: string;
  searchLabel: string;
  helperText: string;
  value: string;
  onApply(value: string): void;
}

/**
 * An exact text (a target: an A/B-test id, a plugin name, a user id, ...; an e-mail), applied on Enter or on
 * leaving the field.
 */
function ExactFilter({ label, searchLabel, helperText, value, onApply }: ExactFilterProps) {
  const [text, setText] = useState(value);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  return (
    <Box component="form" onSubmit={submit} role="search" aria-label={searchLabel}>
      <PlainTextField
        size="small"
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        helperText={helperText}
        slotProps={{ htmlInput: { maxLength: AUDIT_FILTER_MAX_LENGTH } }}
      />
    </Box>
  );
}
