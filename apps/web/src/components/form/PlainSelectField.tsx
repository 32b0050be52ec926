import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type PlainSelectFieldProps = Omit<TextFieldProps, 'select' | 'SelectProps'>;

/**
 * A drop-down list outside a schema form (a list's filter, a row's own choice), or one whose entries
 * are more than text; its children are the MenuItems. A choice of a schema form is a SelectFormField.
 */
export function PlainSelectField({ children, ...props }: PlainSelectFieldProps) {
  return (
    <TextField select {...props}>
      {children}
    </TextField>
  );
}
