import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type PlainTextFieldProps = Omit<TextFieldProps, 'select' | 'SelectProps'>;

/**
 * A text box outside a schema form: a list's search or filter, a row's own value checked by its
 * feature, a placeholder while a field's choices load. A field of a schema form is a TextFormField.
 */
export function PlainTextField(props: PlainTextFieldProps) {
  return <TextField {...props} />;
}
