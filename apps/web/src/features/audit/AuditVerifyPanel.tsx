import {
  type AuditVerifyResponse,
  describeAuditProblem,
  describeAuditVerification,
} from '@console/domain/audit';
import { api } from '@console/domain/endpoints';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useVerifyAuditMutation } from './audit.queries.ts';

/**
 * The Audit Log's check of the sealed chains (console-wide admins; others see why it is disabled):
 * "intact", or every entry inserted, changed or missing, in the CLI's words.
 */
export function useAuditVerification() {
  const verify = useVerifyAuditMutation();
  const button = (
    <NeedsRight endpoint={api.audit.verify}>
      <Button variant="outlined" onClick={() => verify.mutate(undefined)} disabled={verify.isPending}>
        Verify chain
      </Button>
    </NeedsRight>
  );
  return { button, result: verify.data, error: verify.error };
}

export function AuditVerifyResult({ result }: { result: AuditVerifyResponse }) {
  const summary = describeAuditVerification(result);
  if (result.isIntact) {
    return (
      <Alert severity="success" role="status" aria-label="Audit log check" sx={{ mb: 2 }}>
        {summary}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="status" aria-label="Audit log check" sx={{ mb: 2 }}>
      <AlertTitle>{summary}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {result.problems.map((problem) => (
          <li key={`${problem.kind}-${problem.entryId}-${problem.environment}-${problem.firstPosition}`}>
            {describeAuditProblem(problem)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
