import {
  type CreatedRuntimeKey,
  type CreateRuntimeKeyRequest,
  createRuntimeKeyRequestSchema,
  RUNTIME_CONNECT_PATH,
  RUNTIME_KEY_NAME_MAX_LENGTH,
  type RuntimeKey,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { formatDateTime } from '../../shell/format.ts';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { Loading } from '../../shell/Loading.tsx';
import { type ErrorBannerState, useReportQueryError } from '../../shell/useErrorBanner.ts';
import {
  useCreateRuntimeKeyMutation,
  useRevokeRuntimeKeyMutation,
  useRuntimeKeyListQuery,
} from './connections.queries.ts';

/** The keys game clients of this environment connect with: created here (shown once), revoked here. */
export function ConnectionsRuntimeKeys({ banner }: { banner: ErrorBannerState }) {
  const onError = banner.report;
  const keys = useRuntimeKeyListQuery();
  const create = useCreateRuntimeKeyMutation();
  const revoke = useRevokeRuntimeKeyMutation();
  const { confirm, toast } = useGlobalUi();
  const [created, setCreated] = useState<CreatedRuntimeKey | null>(null);
  const { active } = useActiveEnvironment();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a shown key belongs to the environment it was made in
  useEffect(() => setCreated(null), [active]);
  useReportQueryError(banner, keys.error);

  const { register, handleSubmit, reset, formState } = useForm<CreateRuntimeKeyRequest>({
    resolver: zodResolver(createRuntimeKeyRequestSchema),
    defaultValues: { name: '' },
  });
  const submit = handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: (key) => {
        setCreated(key);
        reset();
      },
      onError,
    }),
  );

  const revokeKey = async (key: RuntimeKey) => {
    const isConfirmed = await confirm({
      title: 'Revoke runtime key?',
      message: `Game clients using '${key.name}' can no longer connect, and their open connections are closed.`,
    });
    if (!isConfirmed) return;
    // mutateAsync: each revoke settles on its own, even when another starts before it ends.
    try {
      await revoke.mutateAsync({ id: key.id });
      toast(`Runtime key ${key.name} revoked`);
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Box component="section" aria-label="Runtime keys" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2">
        Runtime keys
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Game clients open a WebSocket to {RUNTIME_CONNECT_PATH}
        ?configuration=&lt;environment&gt;&amp;principal=&lt;player id&gt; with the header Authorization:
        Bearer &lt;key&gt;.
      </Typography>
      {created ? (
        <Alert severity="warning" onClose={() => setCreated(null)} sx={{ mb: 2 }}>
          Copy the key of '{created.name}' now; it is not shown again:{' '}
          <Box component="code" data-testid="created-runtime-key" sx={{ wordBreak: 'break-all' }}>
            {created.key}
          </Box>
        </Alert>
      ) : null}
      <Stack
        component="form"
        onSubmit={submit}
        noValidate
        direction="row"
        spacing={2}
        sx={{ mb: 2, maxWidth: 640 }}
      >
        <TextField
          {...register('name')}
          label="Key name"
          size="small"
          error={formState.errors.name !== undefined}
          helperText={formState.errors.name?.message}
          slotProps={{ htmlInput: { maxLength: RUNTIME_KEY_NAME_MAX_LENGTH } }}
          sx={{ flexGrow: 1 }}
        />
        <div>
          <Button type="submit" variant="outlined" disabled={create.isPending}>
            Create key
          </Button>
        </div>
      </Stack>
      {keys.isPending && !keys.isError ? (
        <Loading />
      ) : (
        <RuntimeKeyTable keys={keys.data ?? []} onRevoke={revokeKey} />
      )}
    </Box>
  );
}

function RuntimeKeyTable({
  keys,
  onRevoke,
}: {
  keys: readonly RuntimeKey[];
  onRevoke(key: RuntimeKey): void;
}) {
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Runtime keys">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell>Revoked</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography sx={{ color: 'text.secondary' }}>No runtime keys</Typography>
              </TableCell>
            </TableRow>
          ) : (
            keys.map((key) => (
              <TableRow key={key.id}>
                <TableCell>{key.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(key.created)}</TableCell>
                <TableCell>{key.createdBy}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {key.revoked ? formatDateTime(key.revoked) : ''}
                </TableCell>
                <TableCell align="right">
                  {key.revoked ? null : (
                    <Button size="small" color="error" onClick={() => onRevoke(key)}>
                      Revoke
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
