import { type ConfigKind, UNKNOWN_PLUGIN_MESSAGE } from '@console/domain/config';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ConfigForm } from './ConfigForm.tsx';
import { useConfigQuery } from './config.queries.ts';
import { clearConfigDraft, readConfigDraft, writeConfigDraft } from './configDraft.ts';
import { type ConfigFormValues, configValuesOf, newConfigValues } from './configForm.ts';
import { configKindOfPluginRef } from './configLabels.ts';
import { CONFIG_LIST_PATH } from './useConfigSubmit.ts';

/** /config/:type/create and /config/:type/:id/edit;:type is the plugin's name. */
export function ConfigEditPage() {
  const { type = '', id } = useParams();
  const kind = configKindOfPluginRef(type);
  if (!kind) {
    return (
      <Page title="Configuration">
        <Alert severity="error">{UNKNOWN_PLUGIN_MESSAGE}</Alert>
      </Page>
    );
  }
  return id === undefined ? <CreateConfig kind={kind} /> : <EditConfig key={id} kind={kind} id={id} />;
}

/** A new configuration; its values are kept as a draft until a save succeeds. */
function CreateConfig({ kind }: { kind: ConfigKind }) {
  const { active: environment } = useActiveEnvironment();
  const [start, setStart] = useState(() => ({ ...readConfigDraft(environment, kind.id), version: 0 }));
  const keepDraft = useCallback(
    (values: ConfigFormValues) => writeConfigDraft(environment, kind.id, values),
    [environment, kind.id],
  );
  const dropDraft = useCallback(() => clearConfigDraft(environment, kind.id), [environment, kind.id]);
  const startOver = () => {
    dropDraft();
    setStart((current) => ({
      values: newConfigValues(kind.id),
      isDraft: false,
      version: current.version + 1,
    }));
  };

  return (
    <Page title={`Create ${kind.label}`}>
      {start.isDraft && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={startOver}>
              Start over
            </Button>
          }
        >
          Your unsaved values from before are back.
        </Alert>
      )}
      <ConfigForm
        key={start.version}
        kind={kind}
        mode="create"
        initialValues={start.values}
        onValuesChange={keepDraft}
        onSaved={dropDraft}
      />
    </Page>
  );
}

function EditConfig({ kind, id }: { kind: ConfigKind; id: string }) {
  const navigate = useNavigate();
  const item = useConfigQuery(kind.id, id);
  const title = `Edit ${kind.label}`;
  if (item.isPending && !item.isError) {
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  }
  if (!item.data) {
    // A load error shows as text above the form (the shell shows 401 and 500 itself).
    const isShownByShell = item.error instanceof ApiError && item.error.isHandledGlobally;
    return (
      <Page title={title}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {!isShownByShell && <Alert severity="error">{item.error?.message}</Alert>}
          <Button onClick={() => navigate(CONFIG_LIST_PATH)}>Cancel</Button>
        </Stack>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <ConfigForm kind={kind} mode="edit" initialValues={configValuesOf(item.data)} />
    </Page>
  );
}
