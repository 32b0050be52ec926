import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { CheckField } from '../../components/form/CheckField.tsx';

// Activating a version or applying a rollout moves the fewest players the new weights
// need; this asks for a fresh split instead (a new salt: every player is assigned anew).

export const RE_RANDOMISE_LABEL = 'Re-split all players (new randomisation)';
export const RE_RANDOMISE_EXPLANATION =
  'Every player is assigned a case anew; otherwise only as many players as the new weights need change case.';

export function ReRandomiseCheckbox({
  checked,
  onChange,
  disabled = false,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const explanationId = useId();
  return (
    <div>
      <CheckField
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        describedBy={explanationId}
        label={RE_RANDOMISE_LABEL}
      />
      <FormHelperText id={explanationId} sx={{ mt: 0 }}>
        {RE_RANDOMISE_EXPLANATION}
      </FormHelperText>
    </div>
  );
}
