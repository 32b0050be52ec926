import type { AuditEvent } from '@console/domain/audit';
import { unknownEnvironmentMessage } from '@console/domain/environment.constants';
import { notFound } from '@console/domain/errors';
import type { Db, Tx } from './client.ts';
import { runInTransaction } from './transaction.ts';

// The unit of work: the one way to change data. The change, its typed audit events and what must
// follow them in the same transaction (runtime publishing) commit together or not at all; effects on
// this process (its caches, its sockets) run once the transaction committed.

/**
 * One typed audit event (packages/domain audit.ts), written by an operator in an environment, or
 * console-wide (environmentId null: a console role, a removal, a sign-in).
 */
export type AuditRecord = AuditEvent & {
  environmentId: string | null;
  email: string;
};

/** An audit entry this unit of work wrote: what a runtime revision records. */
export interface WrittenAuditEntry {
  id: number;
  environmentId: string | null;
  action: string;
  email: string;
  /** What the entry names and records (webhook events are built from them). */
  target: string;
  attributes: unknown;
}

/** A step that runs in the transaction once the unit's audit entries are written, with those entries. */
export type AuditedStep = (tx: Tx, written: readonly WrittenAuditEntry[]) => Promise<void>;

/**
 * A check of the audit records before they are written, in the transaction, once the environments they
 * name are locked (the review policy refuses a content change): it throws to refuse the unit, and
 * answers the records to write in addition (a bypass entry).
 */
export type AuditCheck = (tx: Tx, records: readonly AuditRecord[]) => Promise<readonly AuditRecord[]>;

/** What the work of a unit of work receives. */
export interface UnitOfWork {
  /** The transaction: every read and write of the work goes through it. */
  readonly tx: Tx;
  /**
   * Records typed audit events (a console-wide change is one event without environment). They are
   * written in the order recorded when the work returns.
   */
  audit(record: AuditRecord | readonly AuditRecord[]): void;
  /**
   * Runs in the transaction after the audit entries are written, with them: for changes that name
   * their own entry (a rollback's revision names the entry that made it). Before the instance's steps.
   */
  afterAudit(step: AuditedStep): void;
  /**
   * Runs after the commit, never after a rollback: effects on this process only (forgetting a cache,
   * closing a local socket). Other processes learn of a change through NOTIFY sent in the transaction,
   * which PostgreSQL delivers at commit and drops on rollback: a NOTIFY sent here, after the commit,
   * would be lost if this process stopped in between.
   */
  afterCommit(effect: () => void): void;
}

export type IsolationLevel = 'ReadCommitted' | 'Serializable';

/** Thrown by unchanged(): the transaction rolls back, and mutate answers the result. */
class Unchanged {
  constructor(readonly result: unknown) {}
}

/**
 * Rule (docs/decisions/0054): an entry is written exactly when the mutation writes.
 * A request that asks for what already holds (switching a plugin or an A/B-test to the state it
 * has) calls unchanged(result): whatever the work did is rolled back, no entry is written and no
 * after-commit effect runs. A save of submitted values always writes (modifier and time change), so
 * it is always audited, even when the values equal the stored ones.
 */
export function unchanged<T>(result: T): never {
  throw new Unchanged(result);
}

/** The steps every unit of work of one app instance (or CLI run) runs: what createUnitOfWork takes. */
export interface UnitOfWorkSteps {
  /** Run after the audit entries are written, in order (runtime publishing, the webhooks' outbox). */
  afterAudit: readonly AuditedStep[];
  /** Checks of the records before they are written (the review policy). */
  checkAudit?: readonly AuditCheck[];
}

export interface MutateOptions {
  isolationLevel?: IsolationLevel;
}

/**
 * One app instance's unit of work (docs/decisions/, Data and migrations, "The unit of work per app
 * instance").
 */
export interface UnitOfWorkRunner {
  readonly db: Db;
  mutate<T>(work: (unit: UnitOfWork) => Promise<T>, options?: MutateOptions): Promise<T>;
}

/**
 * The unit of work of one app instance or CLI run over its database: the steps are given here rather
 * than imported, so db/ knows no feature. buildApp makes one (app.unitOfWork); each CLI its own.
 */
export function createUnitOfWork(db: Db, steps: UnitOfWorkSteps): UnitOfWorkRunner {
  const afterAudit = [...steps.afterAudit];
  const checks = [...(steps.checkAudit ?? [])];
  return {
    db,
    mutate: (work, options = {}) => runUnitOfWork(db, afterAudit, checks, work, options),
  };
}

/**
 * No change is written in an archived environment (docs/decisions/0066, Environments and Transfer,
 * "Archived environments"): the environments the entries name are locked FOR KEY SHARE (what the
 * entries' own foreign key takes anyway), which waits for an archive in progress (FOR UPDATE) and then
 * reads its outcome, so a change commits before the archive or is refused after it, as an unknown
 * environment is.
 */
async function requireEnvironmentsInUse(tx: Tx, records: readonly AuditRecord[]): Promise<void> {
  const named = [...new Set(records.flatMap((record) => record.environmentId ?? []))].sort();
  if (named.length === 0) return;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM environment WHERE id = ANY(${named}::text[]) AND archived IS NULL
    ORDER BY id FOR KEY SHARE`;
  const missing = named.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined) throw notFound(unknownEnvironmentMessage(missing));
}

/**
 * Writes the audit entries in order, in the transaction, and answers them with their ids: in one call
 * of the owner's audit_append, which seals them into their chains at commit (migration
 * 20261203000000_audit_chain; docs/decisions/0059).
 */
async function writeAuditEntries(
  tx: Tx,
  checks: readonly AuditCheck[],
  checked: readonly AuditRecord[],
): Promise<WrittenAuditEntry[]> {
  if (checked.length === 0) return [];
  await requireEnvironmentsInUse(tx, checked);
  const records = [...checked];
  for (const check of checks) records.push(...(await check(tx, checked)));
  const entries = records.map((record) => ({
    environment: record.environmentId,
    email: record.email,
    action: record.action,
    target: record.target,
    attributes: record.attributes,
  }));
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM audit_append(${JSON.stringify(entries)}::jsonb) AS appended(id)`;
  return records.map((record, index) => ({
    id: rows[index]!.id,
    environmentId: record.environmentId,
    action: record.action,
    email: record.email,
    target: record.target,
    attributes: record.attributes,
  }));
}

/**
 * Runs the work in one transaction: its changes, then its audit entries, then its own after-audit
 * steps and the instance's (runtime publishing: a revision naming the entries that changed what
 * players receive), then the commit, then the after-commit effects. A failed work leaves nothing.
 */
async function runUnitOfWork<T>(
  db: Db,
  steps: readonly AuditedStep[],
  checks: readonly AuditCheck[],
  work: (unit: UnitOfWork) => Promise<T>,
  options: MutateOptions,
): Promise<T> {
  const effects: (() => void)[] = [];
  let result: T;
  try {
    result = await runInTransaction(
      db,
      async (tx) => {
        const records: AuditRecord[] = [];
        const ownSteps: AuditedStep[] = [];
        const value = await work({
          tx,
          audit: (record) => {
            records.push(...[record].flat());
          },
          afterAudit: (step) => {
            ownSteps.push(step);
          },
          afterCommit: (effect) => {
            effects.push(effect);
          },
        });
        const written = await writeAuditEntries(tx, checks, records);
        for (const step of [...ownSteps, ...steps]) await step(tx, written);
        return value;
      },
      options,
    );
  } catch (error) {
    if (error instanceof Unchanged) return error.result as T;
    throw error;
  }
  for (const effect of effects) effect();
  return result;
}
