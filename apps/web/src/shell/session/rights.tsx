import { missingRightOf } from '@console/domain/access';
import type { AnyEndpoint } from '@console/domain/api';
import { isProtectedEnvironment } from '@console/domain/operations';
import { cloneElement, type ReactElement, useContext } from 'react';
import { WhyDisabled } from '../../components/WhyDisabled.tsx';
import { ActiveEnvironmentContext } from '../environment/environment.context.ts';
import { useCurrentOperatorQuery } from './auth.queries.ts';

/** What the rights of a call are read from: its declaration in the endpoint table. */
export type Declared = Pick<AnyEndpoint, 'access' | 'scope' | 'accessEnvironmentField'>;

/**
 * Why the signed-in user may not make a call, in the words of the server's 403 ("Requires
 * operator rights in dev"), in the active environment or the one given (a transfer's destination).
 * Undefined when they may, and while their rights are not known: the server decides then.
 */
export function useMissingRight(endpoint: Declared, environment?: string): string | undefined {
  const me = useCurrentOperatorQuery().data;
  const active = useContext(ActiveEnvironmentContext)?.active;
  if (!me) return undefined;
  return missingRightOf(me, endpoint, environment ?? active ?? '') ?? undefined;
}

/**
 * Whether an environment is protected (only admins change anything there), as the server says; the
 * seeded default (prod) until that is known.
 */
export function useIsProtected(environment: string): boolean {
  const me = useCurrentOperatorQuery().data;
  const known = me?.environments.find((entry) => entry.id === environment);
  return known?.isProtected ?? isProtectedEnvironment(environment);
}

/**
 * A control the user's role does not allow is disabled, and says why on hover and focus. `lockedBecause`
 * is a reason of the screen's own to refuse it, whatever the role (it comes first). `holdsFocus`: the
 * control may become locked while it has focus (by its own action), so its wrapper is always there and takes
 * the focus then (WhyDisabled); not for menu entries, whose menu moves between its direct children.
 */
export function NeedsRight({
  endpoint,
  environment,
  lockedBecause,
  holdsFocus = false,
  children,
}: {
  endpoint: Declared;
  environment?: string;
  lockedBecause?: string | undefined;
  holdsFocus?: boolean;
  children: ReactElement<{ disabled?: boolean; id?: string }>;
}) {
  const missing = useMissingRight(endpoint, environment);
  const reason = lockedBecause ?? missing;
  if (reason === undefined && !holdsFocus) return children;
  return (
    <WhyDisabled reason={reason}>
      {reason === undefined ? children : cloneElement(children, { disabled: true })}
    </WhyDisabled>
  );
}
