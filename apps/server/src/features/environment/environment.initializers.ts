import type { Tx } from '../../db/client.ts';
import { ensureEveryPlugin } from '../plugin/plugin.service.ts';

/**
 * What every environment must hold, created with it (in its transaction) and topped up at start-up
 * for environments that existed before a feature was added. Each initializer must be idempotent.
 * Features add theirs here.
 */
export type EnvironmentInitializer = (tx: Tx, environmentId: string) => Promise<void>;

export const environmentInitializers: EnvironmentInitializer[] = [ensureEveryPlugin];
