import type { AnyEndpoint } from '@console/domain';
import Button, { type ButtonProps } from '@mui/material/Button';
import { NeedsRight } from '../../shell/session/rights.tsx';

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** The form's call is in flight: a second submit waits for it. */
  isPending: boolean;
  /** The call it submits: disabled, saying why, when the user's role does not allow it. */
  endpoint?: Pick<AnyEndpoint, 'access' | 'scope' | 'accessEnvironmentField'>;
}

/** A form's submit button, disabled while its call is in flight. */
export function SubmitButton({
  isPending,
  disabled,
  children,
  variant = 'contained',
  endpoint,
  ...props
}: SubmitButtonProps) {
  const button = (
    <Button {...props} type="submit" variant={variant} disabled={isPending || disabled}>
      {children}
    </Button>
  );
  return <div>{endpoint ? <NeedsRight endpoint={endpoint}>{button}</NeedsRight> : button}</div>;
}
