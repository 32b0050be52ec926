import { api } from '@console/domain';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
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
      <QueryContent query={list} what="AB-tests">
        {(abTests) => <AbTestTable abTests={abTests} />}
      </QueryContent>
      <CreateAbTestDialog open={isCreateOpen} onClose={() => setCreateOpen(false)} />
    </Page>
  );
}
