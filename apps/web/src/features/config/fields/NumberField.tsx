import type { ConfigKindId } from '@console/domain';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { HINT_SX, useFieldError } from './fieldError.ts';
import { dataFieldSchema, numberBoundsOf } from './schemaNode.ts';

export interface NumberFieldProps {
  /** The form field; under `data.…` its schema in the kind's data gives the bounds. */
  name: string;
  label: string;
  kind: ConfigKindId;
  /** The field's schema when it is not in the kind's data (`activationSettingsSchema.shape.minLevel`). */
  schema?: z.ZodType;
  /** An empty field is left out (a tier's own matchmaking), rather than "must be a number". */
  isOptional?: boolean;
  /** Greyed out but kept: the value is still saved (the inactive bot's fields). */
  disabled?: boolean;
  hint?: ReactNode;
}

/**
 * A number of a configuration's data. The bounds shown to the browser come from the domain schema;
 * the schema alone decides what is valid, and its message (naming the field's label) is shown.
 */
export function NumberField({
  name,
  label,
  kind,
  schema,
  isOptional = false,
  disabled,
  hint,
}: NumberFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { min, max, isInteger } = numberBoundsOf(schema ?? dataFieldSchema(kind, name));
  const range = min !== undefined && max !== undefined ? `${min}-${max}` : undefined;
  return (
    <TextField
      {...register(name, {
        // an unreadable entry is NaN, which the schema answers with "<label> must be a number"
        setValueAs: (text: unknown) =>
          text === '' || text === undefined ? (isOptional ? undefined : Number.NaN) : Number(text),
      })}
      label={label}
      type="number"
      size="small"
      disabled={disabled}
      error={error !== undefined}
      helperText={error?.message ?? hint ?? range}
      slotProps={{
        formHelperText: { sx: HINT_SX },
        htmlInput: { min, max, step: isInteger ? 1 : 'any', inputMode: isInteger ? 'numeric' : 'decimal' },
      }}
    />
  );
}
