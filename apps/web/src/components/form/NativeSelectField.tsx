import NativeSelect, { type NativeSelectProps } from '@mui/material/NativeSelect';

/**
 * The browser's own drop-down (its children are <option>s), outside a schema form: compact enough for
 * a table cell or a toolbar, and read out by every screen reader as a plain list.
 */
export function NativeSelectField(props: NativeSelectProps) {
  return <NativeSelect {...props} />;
}
