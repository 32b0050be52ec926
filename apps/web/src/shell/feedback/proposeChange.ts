import { BYPASS_REASON_HEADER, checkBypassReason } from '@console/domain/change-request';
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

/**
 * Break glass: an admin makes the refused call directly in the reviewed environment, giving a reason
 * (audited as a bypass and listed on the Change Requests screen).
 */
export const bypassReview = (call: RefusedCall, reason: string): Promise<unknown> =>
  call.resendWith({ [BYPASS_REASON_HEADER]: reason.trim() });

/** Why a reason cannot be sent, or null: the domain's rule, and what a header can carry (one line, Latin-1). */
export function checkReasonText(reason: string): string | null {
  const problem = checkBypassReason(reason);
  if (problem !== null) return `Reason ${problem.slice(`${BYPASS_REASON_HEADER}: `.length)}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]|[^\u0000-\u00ff]/.test(reason)) {
    return 'Reason must be one line of letters without special symbols';
  }
  return null;
}
