import { devLoginRequestSchema } from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useDevLoginMutation } from './login.queries.ts';

interface DevLoginFormProps {
  onSignedIn(): void;
  onError(error: Error): void;
}

/** Local sign-in without a sign-in provider, offered only when the server enables it. */
export function DevLoginForm({ onSignedIn, onError }: DevLoginFormProps) {
  const login = useDevLoginMutation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(devLoginRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit((request) => login.mutate(request, { onSuccess: onSignedIn, onError }));

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Local sign-in">
      <TextField
        {...register('email')}
        label="E-mail"
        type="email"
        autoComplete="email"
        error={formState.errors.email !== undefined}
        helperText={formState.errors.email?.message ?? 'Signs you in locally (development servers only).'}
        fullWidth
      />
      <Button type="submit" variant="outlined" disabled={login.isPending}>
        Sign in locally
      </Button>
    </Stack>
  );
}
