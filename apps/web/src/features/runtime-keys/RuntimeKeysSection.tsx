import { api } from '@console/domain/endpoints';
import {
  type CreatedRuntimeKey,
  type CreateRuntimeKeyRequest,
  createRuntimeKeyRequestSchema,
  RUNTIME_CONNECT_PATH,
  RUNTIME_KEY_NAME_MAX_LENGTH,
  type RuntimeKey,
} from '@console/domain/operations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { formatDateTime } from '../../components/format.ts';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { type ErrorBannerState, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import {
  useCreateRuntimeKeyMutation,
  useRevokeRuntimeKeyMutation,
  useRuntimeKeyListQuery,
} from './runtime-keys.queries.ts';

/** The keys game clients of this environment connect with: created here (shown once), revoked here. */
export function RuntimeKeysSection({ banner }: { banner: ErrorBannerState }) {
  const onError = banner.report;
  const keys = useRuntimeKeyListQuery();
  const create = useCreateRuntimeKeyMutation();
  const revoke = useRevokeRuntimeKeyMutation();
  const { confirm, toast } = useGlobalUi();
  // A shown key belongs to the environment it was made in: the shell remounts the screen on a switch.
  const [created, setCreated] = useState<CreatedRuntimeKey | null>(null);
  useReportQueryError(banner, keys.error);

  const form = useSchemaForm(createRuntimeKeyRequestSchema, { defaultValues: { name: '' } });
  const submit = (request: CreateRuntimeKeyRequest) =>
    create.mutate(request, {
      onSuccess: (key) => {
        setCreated(key);
        form.reset();
      },
      onError,
    });

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
      <Box sx={{ mb: 2 }}>
        <Form form={form} onSubmit={submit} direction="row" maxWidth={640}>
          <TextFormField
            name="name"
            label="Key name"
            size="small"
            maxLength={RUNTIME_KEY_NAME_MAX_LENGTH}
            sx={{ flexGrow: 1 }}
          />
          <SubmitButton isPending={create.isPending} variant="outlined" endpoint={api.runtimeKeys.create}>
            Create key
          </SubmitButton>
        </Form>
      </Box>
      <QueryContent query={keys} what="Runtime keys">
        {(rows) => <RuntimeKeyTable keys={rows} onRevoke={revokeKey} />}
      </QueryContent>
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
  const columns: DataColumn<RuntimeKey>[] = [
    { header: 'Name', cell: (key) => key.name },
    { header: 'Created', cell: (key) => formatDateTime(key.created), noWrap: true },
    { header: 'Created by', cell: (key) => key.createdBy },
    { header: 'Revoked', cell: (key) => (key.revoked ? formatDateTime(key.revoked) : ''), noWrap: true },
    {
      header: 'Actions',
      align: 'right',
      cell: (key) =>
        key.revoked ? null : (
          <NeedsRight endpoint={api.runtimeKeys.revoke}>
            <Button size="small" color="error" onClick={() => onRevoke(key)}>
              Revoke
            </Button>
          </NeedsRight>
        ),
    },
  ];
  return (
    <DataTable
      label="Runtime keys"
      columns={columns}
      rows={keys}
      rowKey={(key) => key.id}
      emptyText="No runtime keys"
    />
  );
}
