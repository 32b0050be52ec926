import { api } from '@console/domain/endpoints';
import type { AuditExportFormat } from '@console/domain/search';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { downloadEndpoint } from '../../api/client.ts';
import { DownloadIcon } from '../../components/icons.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditPager } from './AuditPager.tsx';
import { AuditTable } from './AuditTable.tsx';
import { AuditVerifyResult, useAuditVerification } from './AuditVerifyPanel.tsx';
import { exportRequestOf, useAuditLog } from './useAuditLog.ts';

export function AuditLogPage() {
  const { active } = useActiveEnvironment();
  const log = useAuditLog();
  const { entries } = log;
  const banner = useErrorBanner();
  useReportQueryError(banner, log.query.error);
  const verification = useAuditVerification();
  useReportQueryError(banner, verification.error);
  // Every entry the filters match, not only the page shown: the server streams the whole range.
  const [exporting, setExporting] = useState<AuditExportFormat | null>(null);
  const exportAs = async (format: AuditExportFormat) => {
    setExporting(format);
    try {
      await downloadEndpoint(api.audit.export, `audit-${active}.${format}`, {
        body: exportRequestOf(log.filter, format),
        environment: active,
      });
    } catch (error) {
      banner.report(error);
    } finally {
      setExporting(null);
    }
  };
  const exportButton = (format: AuditExportFormat, label: string) => (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => void exportAs(format)}
      disabled={!entries || entries.length === 0 || exporting !== null}
    >
      {exporting === format ? 'Exporting…' : label}
    </Button>
  );

  return (
    <Page
      title="Audit Log"
      actions={
        <Stack direction="row" spacing={1}>
          {verification.button}
          {exportButton('csv', 'Export CSV')}
          {exportButton('json', 'Export JSON')}
        </Stack>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {verification.result && <AuditVerifyResult result={verification.result} />}
      <AuditFilters filter={log.filter} onFilter={log.filterBy} />
      {log.query.isPending && <Loading />}
      {entries && (
        <>
          <AuditTable entries={entries} />
          <AuditPager
            offset={log.offset}
            shown={entries.length}
            isLoading={log.query.isPlaceholderData}
            hasOlder={log.hasOlder}
            onNewer={log.newer}
            onOlder={log.older}
          />
        </>
      )}
    </Page>
  );
}
