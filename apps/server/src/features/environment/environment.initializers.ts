import type { EnvironmentTransaction } from '../../context.ts';
import type { Tx } from '../../db/client.ts';

/**
 * What every environment must hold, created with it (in its transaction) and topped up at start-up
 * for environments that existed before a feature was added. Each initializer must be idempotent. It
 * takes the transaction and the environment it fills (the one created, not the caller's).
 */
export type EnvironmentInitializer = (
  scope: Pick<EnvironmentTransaction, 'tx' | 'environmentId'>,
) => Promise<void>;

/**
 * What other features add to an environment's creation: their initializers, and the first runtime
 * revision published at start-up. Composed outside the features (src/environment-setup.ts) and handed
 * in, so the environment feature depends on none of the features that build on it.
 */
export interface EnvironmentSetup {
  readonly initializers: readonly EnvironmentInitializer[];
  /** Publishes the environment's first runtime revision when it has none yet. */
  readonly publishFirstRevision: (tx: Tx, environmentId: string) => Promise<unknown>;
}
