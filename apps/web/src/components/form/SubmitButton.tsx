import Button, { type ButtonProps } from '@mui/material/Button';

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** The form's call is in flight: a second submit waits for it. */
  isPending: boolean;
}

/** A form's submit button, disabled while its call is in flight. */
export function SubmitButton({
  isPending,
  disabled,
  children,
  variant = 'contained',
  ...props
}: SubmitButtonProps) {
  return (
    <div>
      <Button {...props} type="submit" variant={variant} disabled={isPending || disabled}>
        {children}
      </Button>
    </div>
  );
}
