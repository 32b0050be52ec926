import type { AuditEvent } from '@console/domain/audit';
import type { Db } from './db/client.ts';
import type { AuditRecord, MutateOptions, UnitOfWork, UnitOfWorkRunner } from './db/unit-of-work.ts';

// The context a service acts in (docs/decisions, "A request context"): built once per request
// (http/request-context.ts), per CLI run and per job, and passed first to every service instead of the
// database, the environment's id and the operator's e-mail.

/** Who acts: the signed-in operator, a scheduled change request's approver, a CLI's --email, the seeding's user. */
export interface Actor {
  readonly email: string;
}

/**
 * An audit event as a service records it: the environment and the e-mail are the context's unless the
 * record names them (environmentId null: a console-wide entry).
 */
export type ContextAuditRecord = AuditEvent & { environmentId?: string | null; email?: string };

/** What the work of ctx.mutate receives: the unit of work, with audit filling in the context. */
export interface ContextUnitOfWork extends Omit<UnitOfWork, 'audit'> {
  audit(record: ContextAuditRecord | readonly ContextAuditRecord[]): void;
}

export interface ConsoleContext {
  readonly db: Db;
  readonly actor: Actor;
  /** Runs the work in the app instance's unit of work (db/unit-of-work.ts). */
  mutate<T>(work: (unit: ContextUnitOfWork) => Promise<T>, options?: MutateOptions): Promise<T>;
}

/** A context acting on one environment (or a change request's branch, named like one). */
export interface EnvironmentContext extends ConsoleContext {
  readonly environmentId: string;
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
function contextOf(run: RunWork, db: Db, actor: Actor, environmentId: string | null): ConsoleContext {
  const complete = (record: ContextAuditRecord): AuditRecord => ({
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
            audit: (record) => unit.audit(([record].flat() as ContextAuditRecord[]).map(complete)),
          }),
        options,
      ),
  };
}
