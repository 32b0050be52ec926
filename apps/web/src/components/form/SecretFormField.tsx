import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { VisibilityIcon, VisibilityOffIcon } from '../icons.tsx';
import { TextFormField, type TextFormFieldProps } from './TextFormField.tsx';

type SecretFormFieldProps = Omit<TextFormFieldProps, 'type'> & {
  /** What the reveal button names: 'Show token' / 'Hide token'. */
  secretName: string;
};

/**
 * A secret's field (a token, a password): hidden as dots until the operator reveals it with the
 * button beside it, so it is not read over a shoulder or caught in a screen share.
 */
export function SecretFormField({ secretName, slotProps, ...props }: SecretFormFieldProps) {
  const [isRevealed, setRevealed] = useState(false);
  return (
    <TextFormField
      {...props}
      type={isRevealed ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${isRevealed ? 'Hide' : 'Show'} ${secretName}`}
                aria-pressed={isRevealed}
                onClick={() => setRevealed((revealed) => !revealed)}
                edge="end"
              >
                {isRevealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
