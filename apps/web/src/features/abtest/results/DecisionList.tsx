import { caseLabel } from '@console/domain/abtest';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../components/format.ts';
import { useDecisionsQuery } from './results.queries.ts';

/** The decisions taken on this test's results, newest first: who shipped which case of which version, when. */
export function DecisionList({ abTestId }: { abTestId: string }) {
  const decisions = useDecisionsQuery(abTestId).data ?? [];
  if (decisions.length === 0) return null;
  return (
    <Box component="section" aria-label="Decisions" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Decisions
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {decisions.map((decision) => (
          <li key={decision.id}>
            {formatDateTime(decision.decided)}: {caseLabel(decision.caseIndex)} of version {decision.version}{' '}
            shipped by {decision.decidedBy}
            {decision.note ? ` (${decision.note})` : ''}, on {decision.result.players.toLocaleString('en-US')}{' '}
            exposed players
          </li>
        ))}
      </Box>
    </Box>
  );
}
