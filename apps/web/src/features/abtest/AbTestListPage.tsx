import { api } from '@console/domain';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { Loading } from '../../shell/Loading.tsx';
import { Page } from '../../shell/Page.tsx';
import { NeedsRight } from '../../shell/rights.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/useErrorBanner.ts';
import { AbTestTable } from './AbTestTable.tsx';
import { useAbTestListQuery } from './abtest.queries.ts';
import { CreateAbTestDialog } from './CreateAbTestDialog.tsx';

/** /abtest: every A/B-test of the active environment. */
export function AbTestListPage() {
  const list = useAbTestListQuery();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);
  const [isCreateOpen, setCreateOpen] = useState(false);

  return (
    <Page
      title="AB-test"
      actions={
        <NeedsRight endpoint={api.abtest.create}>
          <Button variant="contained" onClick={() => setCreateOpen(true)}>
            Create AB-test
          </Button>
        </NeedsRight>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {list.isPending && !list.isError ? <Loading /> : <AbTestTable abTests={list.data ?? []} />}
      <CreateAbTestDialog open={isCreateOpen} onClose={() => setCreateOpen(false)} />
    </Page>
  );
}
