import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
import { auditEntriesToCsv, downloadCsv } from './audit.csv.ts';
import { useAuditLog } from './useAuditLog.ts';

export function AuditLogPage() {
  const { active } = useActiveEnvironment();
  const log = useAuditLog();
  const { entries } = log;
  const banner = useErrorBanner();
  useReportQueryError(banner, log.query.error);
  const verification = useAuditVerification();
  useReportQueryError(banner, verification.error);
  const exportCsv = () => {
    if (entries) downloadCsv(`audit-${active}.csv`, auditEntriesToCsv(entries));
  };

  return (
    <Page
      title="Audit Log"
      actions={
        <Stack direction="row" spacing={1}>
          {verification.button}
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={exportCsv}
            disabled={!entries || entries.length === 0}
          >
            Export CSV
          </Button>
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
