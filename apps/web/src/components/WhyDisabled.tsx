import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * A control that cannot be used says why, on hover and on keyboard focus. A disabled
 * control gets neither pointer events nor focus, so the tooltip sits on a focusable wrapper.
 * Also used for what the signed-in user's role does not allow (shell/session/rights.tsx).
 */
export function WhyDisabled({ reason, children }: { reason: string | undefined; children: ReactElement }) {
  if (reason === undefined) return children;
  return (
    <Tooltip title={reason} describeChild>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the reason must be reachable by keyboard */}
      <span tabIndex={0} style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </Tooltip>
  );
}
