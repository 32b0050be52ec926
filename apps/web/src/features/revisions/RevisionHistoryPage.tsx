import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { DiffView } from './DiffView.tsx';
import { PinBanner } from './PinBanner.tsx';
import { RepublishDialog } from './RepublishDialog.tsx';
import { RevisionTable } from './RevisionTable.tsx';
import { useRevisionDiffQuery, useRevisionListQuery } from './revisions.queries.ts';

const PAGE_SIZE = 100;

/** A page's first row, a multiple of the page size; anything else is the first page. */
function readOffset(params: URLSearchParams): number {
  const offset = Number(params.get('offset') ?? '0');
  return Number.isSafeInteger(offset) && offset > 0 && offset % PAGE_SIZE === 0 ? offset : 0;
}

/**
 * Security > Revision History: every published revision of the environment, newest first,
 * with who published it and the audit entries behind it; two ticked revisions show their diff; a row
 * republishes its revision (rollback) after showing what that changes.
 */
export function RevisionHistoryPage() {
  // The page is in the URL (?offset=100): a reload, Back and Forward come back to the same revisions.
  const [offset, setOffset] = useViewState(readOffset, (params, next: number) =>
    setOrDelete(params, 'offset', String(next), '0'),
  );
  const list = useRevisionListQuery(offset);
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);
  const [ticked, setTicked] = useState<readonly number[]>([]);
  const [republishing, setRepublishing] = useState<number | null>(null);
  const pair = ticked.length === 2 ? [...ticked].sort((a, b) => a - b) : null;
  const diff = useRevisionDiffQuery(pair ? { from: pair[0]!, to: pair[1]! } : null);
  useReportQueryError(banner, diff.error);

  const tick = (revision: number, isTicked: boolean) =>
    // the two latest ticks count: a third tick drops the oldest one
    setTicked((current) =>
      isTicked
        ? [...current.filter((r) => r !== revision), revision].slice(-2)
        : current.filter((r) => r !== revision),
    );

  const data = list.data;
  return (
    <Page title="Revision History">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Every revision game servers received, newest first. Tick two to see what changed between them.
        Republishing a revision serves its content again and pins the runtime to it: later changes are saved
        but wait for Resume publishing.
      </Typography>
      {data ? <PinBanner list={data} onError={banner.report} /> : null}
      {!data ? (
        <Loading />
      ) : (
        <>
          <RevisionTable data={data} ticked={ticked} onTick={tick} onRepublish={setRepublishing} />
          <Stack direction="row" spacing={2} sx={{ my: 2 }}>
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Newer
            </Button>
            <Button
              disabled={data.revisions.length < PAGE_SIZE}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              Older
            </Button>
          </Stack>
        </>
      )}
      {pair ? (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Typography variant="h6" component="h2">
            {`From revision ${pair[0]} to revision ${pair[1]}`}
          </Typography>
          {diff.data ? <DiffView described={diff.data} /> : <Loading />}
        </Stack>
      ) : null}
      {republishing !== null && data ? (
        <RepublishDialog
          revision={republishing}
          served={data.latest}
          onClose={() => setRepublishing(null)}
          onError={banner.report}
        />
      ) : null}
    </Page>
  );
}
