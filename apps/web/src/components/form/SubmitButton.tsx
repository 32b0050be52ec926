import type { AnyEndpoint } from '@console/domain/api';
import Button, { type ButtonProps } from '@mui/material/Button';
import { NeedsRight } from '../../shell/session/rights.tsx';

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** The form's call is in flight: a second submit waits for it. */
  isPending: boolean;
  /** The call it submits: disabled, saying why, when the user's role does not allow it. */
  endpoint?: Pick<AnyEndpoint, 'access' | 'scope' | 'accessEnvironmentField'>;
}

/**
 * A form's submit button, busy while its call is in flight: aria-disabled and refusing a second submit, but
 * not disabled, so it keeps the focus (components/busy.ts) and a dialog answering the call hands it back.
 */
export function SubmitButton({
  isPending,
  disabled,
  children,
  variant = 'contained',
  endpoint,
  ...props
}: SubmitButtonProps) {
  const button = (
    <Button
      {...props}
      type="submit"
      variant={variant}
      disabled={disabled}
      aria-disabled={isPending || undefined}
      onClick={(event) => {
        if (isPending) event.preventDefault();
        else props.onClick?.(event);
      }}
    >
      {children}
    </Button>
  );
  return <div>{endpoint ? <NeedsRight endpoint={endpoint}>{button}</NeedsRight> : button}</div>;
}
