import { TransferGroupName, TransferMode } from '@console/domain/operations';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { DiffView } from './DiffView.tsx';
import { useEnvironmentCompareQuery } from './revisions.queries.ts';

/** The transfer screen's address with its choices preselected (TransferPage reads them). */
export function transferAddressOf(from: string, to: string, plugins: readonly number[]): string {
  const query = new URLSearchParams({
    from,
    to,
    mode: TransferMode.Merge,
    groups: TransferGroupName.Plugins,
    plugins: plugins.join(','),
  });
  return `/transfer?${query.toString()}`;
}

/**
 * Security > Environment Comparison: what this environment's current revision would become
 * as another environment's, grouped by plugin; ticked plugins go to the transfer screen, from the other
 * environment into this one, with what they need.
 */
export function EnvironmentComparisonPage() {
  const { active, environments } = useActiveEnvironment();
  // The environment compared with is in the URL (?with=stable): a reload, Back and Forward keep it.
  const [requested, setOther] = useViewState(
    (params) => params.get('with') ?? '',
    (params, id: string) => setOrDelete(params, 'with', id),
  );
  const other = requested !== active && environments.includes(requested) ? requested : '';
  const [selected, setSelected] = useState<readonly number[]>([]);
  const compared = useEnvironmentCompareQuery(other === '' ? null : { other });
  const banner = useErrorBanner();
  useReportQueryError(banner, compared.error);
  const navigate = useNavigate();
  const select = (pluginId: number, isSelected: boolean) =>
    setSelected((current) =>
      isSelected
        ? [...current.filter((id) => id !== pluginId), pluginId]
        : current.filter((id) => id !== pluginId),
    );
  const data = compared.data?.other === other ? compared.data : undefined;

  return (
    <Page title="Environment Comparison">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        {`What the game servers of ${active} would receive differently if they got another environment's ` +
          'current revision. Tick plugins to transfer them, with the A/B-tests and configurations they need, ' +
          `into ${active}.`}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 3, maxWidth: 640 }}>
        <PlainSelectField
          label="Compare with"
          value={other}
          sx={{ minWidth: 240 }}
          onChange={(event) => {
            setOther(event.target.value);
            setSelected([]);
          }}
        >
          {environments
            .filter((id) => id !== active)
            .map((id) => (
              <MenuItem key={id} value={id}>
                {id}
              </MenuItem>
            ))}
        </PlainSelectField>
        <Button
          variant="contained"
          disabled={selected.length === 0 || !data}
          onClick={() => navigate(transferAddressOf(other, active, selected))}
        >
          Transfer selected
        </Button>
      </Stack>
      {other === '' ? null : data ? (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {`${active} (revision ${data.revision}) → ${other} (revision ${data.otherRevision})`}
          </Typography>
          <DiffView described={data} selected={selected} onSelect={select} />
        </Stack>
      ) : compared.isError ? null : (
        <Loading />
      )}
    </Page>
  );
}
