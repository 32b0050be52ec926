import { z } from 'zod';

import { DEFAULT_ENVIRONMENT } from './environment.constants.ts';
import { environmentIdSchema } from './environment.ts';

// Archiving an environment (docs/decisions/0066):
// it leaves the menus, its runtime keys are refused and its content is kept until an admin restores it.

/** What an environment's archiving depends on, read in the archiving transaction. */
export interface ArchiveCandidate {
  id: string;
  isProtected: boolean;
  isArchived: boolean;
  /** Its runtime keys that are not revoked: game servers may be reading it with them. */
  servingKeyCount: number;
}

/**
 * Why the environment may not be archived now, in the words the 409 answers; null when it may.
 * Never a protected environment (prod), never the default one every screen falls back to (dev),
 * and one that runtime keys serve only when the admin confirmed that they stop working.
 */
export function archiveRefusal(candidate: ArchiveCandidate, isConfirmed: boolean): string | null {
  const { id } = candidate;
  if (candidate.isArchived) return `Environment ${id} is already archived`;
  if (candidate.isProtected) return `Environment ${id} is protected and cannot be archived`;
  if (id === DEFAULT_ENVIRONMENT) {
    return `Environment ${id} is the default environment and cannot be archived`;
  }
  if (candidate.servingKeyCount > 0 && !isConfirmed)
    return servedByKeysMessage(id, candidate.servingKeyCount);
  return null;
}

const SERVED_BY_KEYS_ENDING = ': archiving stops them; confirm to archive';

/** The refusal of an unconfirmed archive of an environment runtime keys serve (and the web's warning). */
export function servedByKeysMessage(id: string, keyCount: number): string {
  const keys = keyCount === 1 ? '1 runtime key serves' : `${keyCount} runtime keys serve`;
  return `${keys} environment ${id}${SERVED_BY_KEYS_ENDING}`;
}

/** Whether a refusal is servedByKeysMessage's: the web then asks the extra confirmation. */
export const isServedByKeysRefusal = (message: string) => message.endsWith(SERVED_BY_KEYS_ENDING);

/** The refusal of a runtime key whose environment is archived (403). */
export const archivedKeyMessage = (environmentId: string) =>
  `Environment '${environmentId}' is archived: its runtime keys are refused until an admin restores it`;

export const archiveEnvironmentRequestSchema = z.object({
  configurationId: environmentIdSchema.describe('The environment to archive'),
  confirmServedByKeys: z
    .boolean()
    .optional()
    .describe('True when the admin confirmed that the runtime keys serving it stop working'),
});
export type ArchiveEnvironmentRequest = z.infer<typeof archiveEnvironmentRequestSchema>;

export const restoreEnvironmentRequestSchema = z.object({
  configurationId: environmentIdSchema.describe('The archived environment to restore'),
});
export type RestoreEnvironmentRequest = z.infer<typeof restoreEnvironmentRequestSchema>;

export const archivedEnvironmentSchema = z.object({
  id: z.string(),
  description: z.string(),
  /** When it was archived (ms since the epoch) and by whom. */
  archived: z.number().int(),
  archivedBy: z.string(),
});
export type ArchivedEnvironment = z.infer<typeof archivedEnvironmentSchema>;
export const archivedEnvironmentListSchema = z.array(archivedEnvironmentSchema);

/** What archiving answers: the environment, and how many runtime keys stopped working. */
export const archiveEnvironmentResponseSchema = z.object({
  id: z.string(),
  stoppedKeyCount: z.number().int(),
});
