import { type AbTest, caseLabel } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import type { ExperimentResults } from '@console/domain/experiment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NeedsRight } from '../../../shell/session/rights.tsx';
import { MetricResultTable } from './MetricResultTable.tsx';
import { formatCount } from './results.format.ts';
import { SrmWarning } from './SrmWarning.tsx';
import { useShipCase } from './useShipCase.ts';

/** "Case 2", and the control without its "(control)": the button says what it ships. */
const shortCaseLabel = (caseIndex: number) => `Case ${caseIndex + 1}`;

/** What the results of one version say: exposed players, the SRM check, each metric's table and plot. */
export function ResultsView({
  abTest,
  results,
  onShipping,
}: {
  abTest: AbTest;
  results: ExperimentResults;
  /** As a case is shipped: the test's current version is then the shipping one, not this one. */
  onShipping(): void;
}) {
  const { ship, isPending } = useShipCase(abTest, results, onShipping);
  if (results.players === 0) {
    return (
      <Alert severity="info" sx={{ my: 1 }}>
        No results yet: no player of version {results.version} has been exposed. Game servers report exposures
        through the SDK (or POST /runtime/v1/events) once players are served this version.
      </Alert>
    );
  }
  const players = results.cases.map((entry) => entry.players);
  return (
    <Box>
      {results.srm.isMismatch && (
        <SrmWarning players={players} weights={results.weights} pValue={results.srm.pValue} />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
        {formatCount(results.players)} players exposed
        {results.firstDay && results.lastDay ? `, from ${results.firstDay} to ${results.lastDay} (UTC)` : ''}.
      </Typography>
      <Table size="small" aria-label="Exposed players" sx={{ maxWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            <TableCell align="right">Exposed players</TableCell>
            <TableCell align="right">Decision</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.cases.map((entry) => (
            <TableRow key={entry.caseIndex}>
              <TableCell component="th" scope="row">
                {caseLabel(entry.caseIndex)}
              </TableCell>
              <TableCell align="right">{formatCount(entry.players)}</TableCell>
              <TableCell align="right">
                <NeedsRight endpoint={api.abtest.saveVersion}>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-disabled={isPending || undefined}
                    onClick={() => {
                      if (!isPending) void ship(entry.caseIndex);
                    }}
                  >
                    Ship {shortCaseLabel(entry.caseIndex)}
                  </Button>
                </NeedsRight>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {results.metrics.length === 0 ? (
        <Alert severity="info" sx={{ my: 2 }}>
          No metrics are defined in this environment yet:{' '}
          <RouterLink to="/metric">define the metrics</RouterLink> this test should move.
        </Alert>
      ) : (
        results.metrics.map((result) => <MetricResultTable key={result.metric.id} result={result} />)
      )}
    </Box>
  );
}
