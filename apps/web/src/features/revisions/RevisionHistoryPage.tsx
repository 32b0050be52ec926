import { api, type RevisionListResponse, type RuntimeRevisionSummary } from '@console/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { DiffView } from './DiffView.tsx';
import { RepublishDialog } from './RepublishDialog.tsx';
import { useResumeMutation, useRevisionDiffQuery, useRevisionListQuery } from './revisions.queries.ts';

const PAGE_SIZE = 100;

/** The audit entries that caused a revision, short: `plugin.activate 4, release.kv.set dev`. */
const causesOf = (revision: RuntimeRevisionSummary) =>
  revision.causes.length === 0
    ? revision.revision === 1
      ? 'first publication'
      : '—'
    : revision.causes.map((cause) => `${cause.action} ${cause.target}`).join(', ');

function PinBanner({ list, onError }: { list: RevisionListResponse; onError: (error: unknown) => void }) {
  const { confirm, toast } = useGlobalUi();
  const resume = useResumeMutation();
  if (!list.pinned) return null;
  const { revision, since, by } = list.pinned;
  const waiting = `${list.waiting} ${list.waiting === 1 ? 'change waits' : 'changes wait'}`;
  const askAndResume = async () => {
    const isConfirmed = await confirm({
      title: 'Resume publishing?',
      message: `The console's current state is published as a new revision; ${waiting}.`,
    });
    if (!isConfirmed) return;
    resume.mutate(undefined, {
      onSuccess: (answer) =>
        toast(
          answer.published ? `Published revision ${answer.revision}` : 'Resumed; nothing new to publish',
          'success',
        ),
      onError,
    });
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <NeedsRight endpoint={api.runtime.resume}>
          <Button color="inherit" onClick={askAndResume} disabled={resume.isPending}>
            Resume publishing
          </Button>
        </NeedsRight>
      }
    >
      {`The runtime is pinned to revision ${revision} since ${formatDateTime(since)} by ${by}; ${waiting} for resume.`}
    </Alert>
  );
}

/**
 * Security > Revision History: every published revision of the environment, newest first,
 * with who published it and the audit entries behind it; two ticked revisions show their diff; a row
 * republishes its revision (rollback) after showing what that changes.
 */
export function RevisionHistoryPage() {
  const [offset, setOffset] = useState(0);
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
          <Table size="small" aria-label="Revisions">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">Diff</TableCell>
                <TableCell>Revision</TableCell>
                <TableCell>Time</TableCell>
                <TableCell>Operator</TableCell>
                <TableCell>Caused by</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.revisions.map((revision) => (
                <TableRow key={revision.revision}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      slotProps={{ input: { 'aria-label': `Select revision ${revision.revision}` } }}
                      checked={ticked.includes(revision.revision)}
                      onChange={(event) => tick(revision.revision, event.target.checked)}
                    />
                  </TableCell>
                  <TableCell>
                    {revision.revision}
                    {revision.restoredFrom === null ? '' : ` (rollback of ${revision.restoredFrom})`}
                  </TableCell>
                  <TableCell>{formatDateTime(revision.created)}</TableCell>
                  <TableCell>{revision.createdBy}</TableCell>
                  <TableCell>{causesOf(revision)}</TableCell>
                  <TableCell align="right">
                    {revision.revision === data.latest ? null : (
                      <NeedsRight endpoint={api.runtime.republish}>
                        <Button size="small" onClick={() => setRepublishing(revision.revision)}>
                          Republish this revision
                        </Button>
                      </NeedsRight>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
