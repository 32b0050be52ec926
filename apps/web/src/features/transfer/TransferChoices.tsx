import { TRANSFER_GROUP_NAMES, TransferMode, type TransferPreviewRequest } from '@console/domain/operations';
import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { type Control, Controller } from 'react-hook-form';
import { CheckField } from '../../components/form/CheckField.tsx';

/**
 * Which groups travel (every group unless the operator unticks some) and, for a Merge,
 * whether what the transferred plugins need travels with them when the destination lacks it.
 */
export function TransferChoices({
  control,
  mode,
  groupNames = TRANSFER_GROUP_NAMES,
}: {
  control: Control<TransferPreviewRequest>;
  mode: TransferMode;
  /** The groups the source holds (an environment file holds no NICE config). */
  groupNames?: readonly string[];
}) {
  return (
    <>
      <Controller
        name="groups"
        control={control}
        render={({ field, fieldState }) => {
          const chosen = field.value ?? groupNames;
          const toggle = (name: string, isChosen: boolean) =>
            field.onChange(
              groupNames.filter((candidate) => (candidate === name ? isChosen : chosen.includes(candidate))),
            );
          return (
            <FormControl error={fieldState.error !== undefined} component="fieldset">
              <FormLabel component="legend">Groups</FormLabel>
              <FormGroup row>
                {groupNames.map((name) => (
                  <CheckField
                    key={name}
                    label={name}
                    checked={chosen.includes(name)}
                    onChange={(checked) => toggle(name, checked)}
                  />
                ))}
              </FormGroup>
              {fieldState.error ? <FormHelperText>Choose at least one group</FormHelperText> : null}
            </FormControl>
          );
        }}
      />
      {mode === TransferMode.Merge ? (
        <Controller
          name="carryDependencies"
          control={control}
          render={({ field }) => (
            <CheckField
              label="Carry what plugins need (A/B-tests, configurations the destination lacks)"
              checked={field.value ?? true}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
    </>
  );
}
