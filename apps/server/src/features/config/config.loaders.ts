import type { AuditAction, AuditAttributes } from '@console/domain/audit';
import { CONFIG_MESSAGES, type ConfigItem, type ConfigKindDefinition } from '@console/domain/config';
import { notFound } from '@console/domain/errors';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditRecord } from '../../db/unit-of-work.ts';
import { type ConfigKey, findConfig, lockConfig } from './config.store.ts';

// Shared by the configuration use cases: finding, locking and auditing one configuration of a kind.

/**
 * The configuration of this kind, or 404 naming it. A configuration of another kind under that id
 * is "not found" too: each kind's calls see only their own configurations.
 */
export async function requireConfig(
  db: Db | Tx,
  kind: ConfigKindDefinition,
  key: ConfigKey,
): Promise<ConfigItem> {
  const stored = await findConfig(db, key);
  if (!stored || stored.kind !== kind.id) throw notFound(CONFIG_MESSAGES.notFound(kind.label, key.id));
  return stored.item;
}

/**
 * Locks the configuration row (SELECT ... FOR UPDATE) and then reads it, so the rules (is it
 * served now, does any plugin point at it) are checked against what no concurrent change of this
 * configuration can alter before this transaction commits.
 */
export async function lockAndLoadConfig(
  tx: Tx,
  kind: ConfigKindDefinition,
  key: ConfigKey,
): Promise<ConfigItem> {
  const locked = await lockConfig(tx, key);
  if (!locked || locked.kind !== kind.id) throw notFound(CONFIG_MESSAGES.notFound(kind.label, key.id));
  return requireConfig(tx, kind, key);
}

/** The audit entry of a configuration change (target: the configuration id). */
export function configAudit<A extends ConfigAuditAction>(
  key: ConfigKey,
  email: string,
  action: A,
  attributes: AuditAttributes<A>,
): AuditRecord {
  return { environmentId: key.environmentId, email, action, target: key.id, attributes } as AuditRecord;
}

/** The audit actions configuration changes write. */
export type ConfigAuditAction = Extract<AuditAction, `config.${string}`>;
