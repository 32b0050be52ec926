import { type ChangeRequestConflict, ConflictChoice } from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import type { TransferItem } from '@console/domain/operations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { whileBusy } from '../../components/busy.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useChangeRequestMutation } from './changeRequests.queries.ts';

const preStyle = {
  m: 0,
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

function Side({ label, item }: { label: string; item: TransferItem | null }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Box component="pre" sx={preStyle}>
        {item === null
          ? 'Deleted'
          : JSON.stringify({ active: item.active, title: item.title, payload: item.payload }, null, 2)}
      </Box>
    </Box>
  );
}

/**
 * Three-way conflicts: items changed both in the request and live since it was made, each with both sides;
 * its author keeps theirs or takes the live one. Until each is resolved the request is neither approved nor
 * applied.
 */
export function ConflictList({
  requestId,
  environment,
  conflicts,
  lockedBecause,
  onError,
}: {
  requestId: number;
  environment: string;
  conflicts: readonly ChangeRequestConflict[];
  lockedBecause: string | undefined;
  onError(error: unknown): void;
}) {
  const resolve = useChangeRequestMutation(api.changeRequest.resolve, environment);
  const { toast } = useGlobalUi();
  if (conflicts.length === 0) return null;
  const choose = (conflict: ChangeRequestConflict, choice: ConflictChoice) =>
    resolve.mutate(
      { id: requestId, group: conflict.group, itemId: conflict.id, choice },
      {
        onSuccess: () =>
          toast(
            `${conflict.title || String(conflict.id)}: ${choice === ConflictChoice.Mine ? 'yours kept' : 'live taken'}`,
          ),
        onError,
      },
    );
  return (
    <section aria-labelledby="cr-conflicts">
      <Typography id="cr-conflicts" variant="h5" component="h2" sx={{ mt: 2, mb: 1 }}>
        Conflicts
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {`${conflicts.length} item${conflicts.length === 1 ? ' was' : 's were'} changed both here and live in ${environment}. ` +
          'Resolve each before the request can be approved or applied.'}
      </Alert>
      <Stack spacing={2}>
        {conflicts.map((conflict) => {
          const name = `${conflict.group} ${conflict.title || String(conflict.id)}`;
          return (
            <Paper
              key={`${conflict.group}:${typeof conflict.id}:${conflict.id}`}
              variant="outlined"
              sx={{ p: 2 }}
            >
              <section aria-label={`Conflict: ${name}`}>
                <Typography variant="h6" component="h3">
                  {name}
                </Typography>
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ my: 1 }}>
                  <Side label="Mine (this request)" item={conflict.mine} />
                  <Side label={`Live (${environment})`} item={conflict.live} />
                </Stack>
                <Stack direction="row" spacing={1}>
                  <NeedsRight
                    endpoint={api.changeRequest.resolve}
                    environment={environment}
                    lockedBecause={lockedBecause}
                  >
                    <Button
                      variant="contained"
                      aria-label={`Keep mine: ${name}`}
                      {...whileBusy(resolve.isPending, () => choose(conflict, ConflictChoice.Mine))}
                    >
                      Keep mine
                    </Button>
                  </NeedsRight>
                  <NeedsRight
                    endpoint={api.changeRequest.resolve}
                    environment={environment}
                    lockedBecause={lockedBecause}
                  >
                    <Button
                      variant="outlined"
                      aria-label={`Take live: ${name}`}
                      {...whileBusy(resolve.isPending, () => choose(conflict, ConflictChoice.Live))}
                    >
                      Take live
                    </Button>
                  </NeedsRight>
                </Stack>
              </section>
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
