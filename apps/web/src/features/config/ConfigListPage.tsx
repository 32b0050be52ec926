import { api, type ConfigKindId, configKindOf, listConfigWarnings } from '@console/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { ConfigMessageDialog, useConfigMessageDialog } from './ConfigMessageDialog.tsx';
import { ConfigTable } from './ConfigTable.tsx';
import { ConfigTypeSelect } from './ConfigTypeSelect.tsx';
import { ConfigWarnings } from './ConfigWarnings.tsx';
import { useConfigListQuery } from './config.queries.ts';
import { configCreatePath } from './configLabels.ts';
import { useConfigListActions } from './useConfigListActions.ts';

/** /config: the type dropdown with Create, the warnings box and every configuration. */
export function ConfigListPage() {
  const list = useConfigListQuery();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);
  const navigate = useNavigate();
  const [kind, setKind] = useState<ConfigKindId | ''>('');
  const dialog = useConfigMessageDialog();
  const actions = useConfigListActions(dialog);
  const warnings = useMemo(() => listConfigWarnings(list.data ?? []), [list.data]);

  return (
    <Page
      title="Configuration"
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ConfigTypeSelect value={kind} onChange={setKind} />
          <NeedsRight endpoint={api.config.kinds[kind === '' ? 'ar' : kind].create}>
            <Button
              variant="contained"
              disabled={kind === ''}
              onClick={() => kind !== '' && navigate(configCreatePath(configKindOf(kind).pluginName))}
            >
              Create
            </Button>
          </NeedsRight>
        </Stack>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <ConfigWarnings warnings={warnings} />
      <QueryContent query={list} what="Configurations">
        {(rows) => <ConfigTable rows={rows} actions={actions} />}
      </QueryContent>
      <ConfigMessageDialog shown={dialog.shown} onClose={dialog.close} />
    </Page>
  );
}
