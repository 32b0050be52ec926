import type { AuditEvent } from '@console/domain/audit';
import type { Db, Tx } from './db/client.ts';
import type { AuditRecord, MutateOptions, UnitOfWork, UnitOfWorkRunner } from './db/unit-of-work.ts';

// The context a service acts in (docs/decisions/, Data and migrations, "A request context"): built once
// per request (http/request-context.ts), per CLI run and per job, and passed first to every service
// instead of the database, the environment's id and the operator's e-mail.

/** Who acts: the signed-in operator, a scheduled change request's approver, a CLI's --email, the seeding's user. */
export interface Actor {
  readonly email: string;
}

/** The console itself, acting on no operator's behalf: the seeding at start, a webhook it disables. */
export const CONSOLE_ACTOR: Actor = { email: 'console' };

/**
 * An audit event as a console-wide service records it: it names its environment (null: a console-wide
 * entry), as a console-wide call has none to fill in; the e-mail is the actor's unless it names one.
 */
export type ConsoleAuditRecord = AuditEvent & { environmentId: string | null; email?: string };

/**
 * An audit event as a service of an environment records it: the environment and the e-mail are the
 * context's unless the record names them (environmentId null: a console-wide entry).
 */
export type EnvironmentAuditRecord = AuditEvent & { environmentId?: string | null; email?: string };

/** What the work of a console context's mutate receives. */
export interface ConsoleUnitOfWork extends Omit<UnitOfWork, 'audit'> {
  readonly actor: Actor;
  audit(record: ConsoleAuditRecord | readonly ConsoleAuditRecord[]): void;
}

/**
 * A transaction acting on one environment for an actor: what a helper run inside another service's
 * unit of work takes instead of a transaction, an environment's id and an e-mail.
 */
export interface EnvironmentTransaction {
  readonly tx: Tx;
  readonly environmentId: string;
  readonly actor: Actor;
}

/** The same transaction and actor acting on another environment (a step over every audited environment). */
export const inEnvironment = (scope: Pick<EnvironmentTransaction, 'tx' | 'actor'>, environmentId: string) =>
  ({ tx: scope.tx, actor: scope.actor, environmentId }) satisfies EnvironmentTransaction;

/**
 * What a read of one environment takes, in a transaction or not: a context of the environment, or an
 * environment's transaction through readerOf.
 */
export interface EnvironmentReader {
  readonly db: Db | Tx;
  readonly environmentId: string;
}

/** The reads of an environment's transaction: they see what the transaction wrote so far. */
export const readerOf = (scope: EnvironmentTransaction): EnvironmentReader => ({
  db: scope.tx,
  environmentId: scope.environmentId,
});

/**
 * What the work of an environment context's mutate receives: the transaction acting on the context's
 * environment for its actor, and audit fills in the environment.
 */
export interface EnvironmentUnitOfWork extends Omit<UnitOfWork, 'audit'>, EnvironmentTransaction {
  audit(record: EnvironmentAuditRecord | readonly EnvironmentAuditRecord[]): void;
}

export interface ConsoleContext {
  readonly db: Db;
  readonly actor: Actor;
  /** Runs the work in the app instance's unit of work (db/unit-of-work.ts). */
  mutate<T>(work: (unit: ConsoleUnitOfWork) => Promise<T>, options?: MutateOptions): Promise<T>;
}

/** A context acting on one environment (or a change request's branch, named like one). */
export interface EnvironmentContext extends ConsoleContext {
  readonly environmentId: string;
  mutate<T>(work: (unit: EnvironmentUnitOfWork) => Promise<T>, options?: MutateOptions): Promise<T>;
}

/** A unit of work's mutate, as the instance answers it (db/unit-of-work.ts). */
type RunWork = <T>(work: (unit: UnitOfWork) => Promise<T>, options?: MutateOptions) => Promise<T>;

/**
 * A context of the instance's unit of work for this actor; its audit entries are console-wide unless
 * they name an environment.
 */
export function createConsoleContext(unitOfWork: UnitOfWorkRunner, actor: Actor): ConsoleContext {
  return contextOf(unitOfWork.mutate, unitOfWork.db, actor, null);
}

/** A context of the instance's unit of work for this actor, acting on this environment. */
export function createEnvironmentContext(
  unitOfWork: UnitOfWorkRunner,
  actor: Actor,
  environmentId: string,
): EnvironmentContext {
  return { ...contextOf(unitOfWork.mutate, unitOfWork.db, actor, environmentId), environmentId };
}

/**
 * The same actor and unit of work acting on another environment (a transfer's destination, a change
 * request's branch). Its records arrive complete at the outer context, which leaves them as they are.
 */
export function forEnvironment(ctx: ConsoleContext, environmentId: string): EnvironmentContext {
  return {
    ...contextOf((work, options) => ctx.mutate(work, options), ctx.db, ctx.actor, environmentId),
    environmentId,
  };
}

/** Fills each record's environment and e-mail from the context when the record leaves them out. */
function contextOf(
  run: RunWork,
  db: Db,
  actor: Actor,
  environmentId: string | null,
): Omit<EnvironmentContext, 'environmentId'> {
  const complete = (record: EnvironmentAuditRecord): AuditRecord => ({
    ...record,
    environmentId: record.environmentId === undefined ? environmentId : record.environmentId,
    email: record.email ?? actor.email,
  });
  return {
    db,
    actor,
    mutate: (work, options) =>
      run(
        (unit) =>
          work({
            ...unit,
            actor,
            // A console-wide context's unit acts on no environment (its type says none)
            ...(environmentId === null ? {} : { environmentId }),
            audit: (record) => unit.audit(([record].flat() as EnvironmentAuditRecord[]).map(complete)),
          } as EnvironmentUnitOfWork),
        options,
      ),
  };
}

/** The runtime key a game server called with (a game server is no operator: it has no actor). */
export interface RuntimeCaller {
  readonly id: string;
}

/**
 * What the work of a runtime context's mutate receives: the transaction and the after-commit effects,
 * without audit: a game server's call is not an operator's change and writes no audit entry.
 */
export type RuntimeUnitOfWork = Pick<UnitOfWork, 'tx' | 'afterCommit'>;

/** The context of a game server's call (/runtime/v1): the environment is the runtime key's own. */
export interface RuntimeContext {
  readonly db: Db;
  readonly environmentId: string;
  readonly key: RuntimeCaller;
  /** Runs the work in the app instance's unit of work, which then writes no audit entry. */
  mutate<T>(work: (unit: RuntimeUnitOfWork) => Promise<T>, options?: MutateOptions): Promise<T>;
}

/** A context of the instance's unit of work for a call made with this runtime key of this environment. */
export function createRuntimeContext(
  unitOfWork: UnitOfWorkRunner,
  key: RuntimeCaller,
  environmentId: string,
): RuntimeContext {
  return {
    db: unitOfWork.db,
    environmentId,
    key,
    mutate: (work, options) => unitOfWork.mutate(({ tx, afterCommit }) => work({ tx, afterCommit }), options),
  };
}
