import Stack from '@mui/material/Stack';
import { Page } from '../../components/Page.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { KeyValueForm } from './KeyValueForm.tsx';
import { ReleaseClientForm } from './ReleaseClientForm.tsx';
import { ReleaseContentForm } from './ReleaseContentForm.tsx';
import { ReleaseSection } from './ReleaseSection.tsx';
import { useKeyValueQuery, useReleaseClientQuery, useReleaseContentQuery } from './release.queries.ts';

/**
 * Release Information: three sections, each saved on its own; after a save the page's data
 * reloads; every failure (loading or saving, any section) is appended to the one banner.
 */
export function ReleaseInfoPage() {
  const content = useReleaseContentQuery();
  const client = useReleaseClientQuery();
  const keyValue = useKeyValueQuery();
  const banner = useErrorBanner();
  useReportQueryError(banner, content.error);
  useReportQueryError(banner, client.error);
  useReportQueryError(banner, keyValue.error);

  return (
    <Page title="Release Info">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {/* The shell remounts the screen on an environment switch, so no typing survives into another one. */}
      <Stack spacing={3}>
        <ReleaseSection title="Content" data={content.data} isPending={content.isPending && !content.isError}>
          {(data) => <ReleaseContentForm content={data} onError={banner.report} />}
        </ReleaseSection>
        <ReleaseSection
          title="Client Version"
          data={client.data}
          isPending={client.isPending && !client.isError}
        >
          {(data) => <ReleaseClientForm client={data} onError={banner.report} />}
        </ReleaseSection>
        <ReleaseSection
          title="Key-value"
          data={keyValue.data}
          isPending={keyValue.isPending && !keyValue.isError}
        >
          {(data) => <KeyValueForm keyValue={data} onError={banner.report} />}
        </ReleaseSection>
      </Stack>
    </Page>
  );
}
