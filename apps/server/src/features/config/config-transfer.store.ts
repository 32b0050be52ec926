import type { ActivationSettings, ConfigData } from '@console/domain/config';
import type { Tx } from '../../db/client.ts';

// The environment transfer's writes of configurations, set-based: one statement for any number of
// configurations, so an environment of ten thousand applies within the transaction timeout. Each
// statement fires the runtime-change triggers once (they are per statement).

/** One configuration as the transfer writes it, parsed as /create parses it. */
export interface TransferredConfig {
  id: string;
  description: string;
  active: boolean;
  activation: ActivationSettings;
  /** The kind's data; its kind is the row's (equal to data.kind). */
  data: ConfigData;
}

/**
 * Makes each destination configuration equal to the given one, kind included: created when absent
 * (stamped as new), otherwise overwritten with modified / lastModifier stamped.
 */
export async function writeTransferredConfigs(
  tx: Tx,
  environmentId: string,
  configs: readonly TransferredConfig[],
  lastModifier: string,
  now: Date,
): Promise<void> {
  if (configs.length === 0) return;
  const rows = configs.map((config) => ({
    id: config.id,
    kind: config.data.kind,
    description: config.description,
    active: config.active,
    activation: config.activation,
    data: config.data,
  }));
  await tx.$executeRaw`
    INSERT INTO "configuration" ("environment_id", "id", "kind", "description", "active", "activation", "data",
                                 "last_modifier")
    SELECT ${environmentId}, x."id", x."kind", x."description", x."active", x."activation", x."data",
           ${lastModifier}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
             "id" text, "kind" text, "description" text, "active" boolean, "activation" jsonb, "data" jsonb)
    ON CONFLICT ("environment_id", "id") DO UPDATE
       SET "kind" = EXCLUDED."kind", "description" = EXCLUDED."description", "active" = EXCLUDED."active",
           "activation" = EXCLUDED."activation", "data" = EXCLUDED."data", "modified" = ${now},
           "last_modifier" = EXCLUDED."last_modifier"`;
}

/** Deletes these configurations of the environment. */
export async function deleteTransferredConfigs(
  tx: Tx,
  environmentId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM "configuration" WHERE "environment_id" = ${environmentId} AND "id" = ANY(${[...ids]}::text[])`;
}
