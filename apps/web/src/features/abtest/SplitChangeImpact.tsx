import type { AbTestImpactRequestInput } from '@console/domain/abtest';
import Alert from '@mui/material/Alert';
import { useAbTestImpactQuery } from './abtest.queries.ts';

// "impact before a change": the players a version activation or a rollout apply moves, as
// an exact share of the test's bucket space, computed by the server from the ranges it serves (the
// same domain rule the activation stores), so the figure shown is the one that happens.

export const IMPACT_LOADING = 'Counting the players who change case…';

export function SplitChangeImpact({ request }: { request: AbTestImpactRequestInput }) {
  const impact = useAbTestImpactQuery(request);
  const text = impact.data?.sentence ?? (impact.error ? impact.error.message : IMPACT_LOADING);
  return (
    <Alert
      severity={impact.error ? 'error' : impact.data?.everyoneResplit ? 'warning' : 'info'}
      aria-label="Impact"
      aria-live="polite"
      sx={{ my: 1 }}
    >
      {text}
    </Alert>
  );
}
