import { callEndpoint, type RefusedCall } from '../../api/client.ts';
import { changeRequestEndpoints } from '../changeRequest.api.ts';

export interface Proposed {
  id: number;
  environment: string;
  branch: string;
}

/**
 * "Propose this change": opens the author's change request in the environment that refused the call (or
 * continues their draft there), then sends the same call again in its branch. Loaded on first use.
 */
export async function proposeChange(call: RefusedCall): Promise<Proposed> {
  const request = await callEndpoint(changeRequestEndpoints.open, {
    environment: call.environment,
    body: {},
  });
  await call.resendIn(request.branch);
  return { id: request.id, environment: request.environment, branch: request.branch };
}
