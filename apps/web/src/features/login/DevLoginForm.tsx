import { devLoginRequestSchema } from '@console/domain/auth';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormScope } from '../../components/form/FormScope.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useDevLoginMutation } from './login.queries.ts';

interface DevLoginFormProps {
  onSignedIn(): void;
  onError(error: Error): void;
}

/** Local sign-in without a sign-in provider, offered only when the server enables it. */
export function DevLoginForm({ onSignedIn, onError }: DevLoginFormProps) {
  const login = useDevLoginMutation();
  const form = useSchemaForm(devLoginRequestSchema, { defaultValues: { email: '' }, mode: 'onSubmit' });
  const submit = form.handleSubmit((request) => login.mutate(request, { onSuccess: onSignedIn, onError }));

  return (
    <FormScope form={form}>
      <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Local sign-in">
        <TextFormField
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          hint="Signs you in locally (development servers only)."
          fullWidth
        />
        <Button type="submit" variant="outlined" disabled={login.isPending}>
          Sign in locally
        </Button>
      </Stack>
    </FormScope>
  );
}
