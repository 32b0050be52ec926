import { ABTEST_MESSAGES, isRollout } from '@console/domain/abtest';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Loading } from '../../components/Loading.tsx';
import { NotFoundNotice } from '../../components/NotFoundNotice.tsx';
import { Page } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { AbTestSummary } from './AbTestSummary.tsx';
import { useAbTestQuery } from './abtest.queries.ts';
import { CaseDescriptionsForm } from './CaseDescriptionsForm.tsx';
import { RolloutSection } from './RolloutSection.tsx';
import { ResultsPanel } from './results/ResultsPanel.tsx';
import { SegmentEditor } from './SegmentEditor.tsx';
import { VersionsSection } from './VersionsSection.tsx';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** /abtest/{id}. */
export function AbTestDetailsPage() {
  const { id = '' } = useParams();
  const { active: environment } = useActiveEnvironment();
  const query = useAbTestQuery(id);
  const banner = useErrorBanner();
  useReportQueryError(banner, isNotFound(query.error) ? null : query.error);

  if (isNotFound(query.error)) {
    return (
      <NotFoundNotice
        title={ABTEST_MESSAGES.notFoundPage}
        text={`There is no AB-test with the ID '${id}' in ${environment}.`}
        backTo="/abtest"
        backLabel="Back to AB-tests"
      />
    );
  }
  const abTest = query.data;
  return (
    <Page title={`AB-test ${id}`}>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {!abTest ? (
        query.isError ? null : (
          <Loading />
        )
      ) : (
        // Keyed by environment and id so local edits start over when either changes.
        <div key={`${environment}/${abTest.id}`}>
          <AbTestSummary abTest={abTest} />
          <SegmentEditor abTest={abTest} />
          <CaseDescriptionsForm abTest={abTest} />
          {isRollout(abTest.data.type) ? (
            <RolloutSection key={abTest.data.version} abTest={abTest} />
          ) : (
            <VersionsSection abTest={abTest} />
          )}
          <ResultsPanel abTest={abTest} />
        </div>
      )}
    </Page>
  );
}
