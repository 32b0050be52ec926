import { RUNTIME_API_PREFIX } from '@console/domain/runtime';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { RefusalLog } from './refusal-log.ts';

const RUNTIME_PATH_PREFIX = `${RUNTIME_API_PREFIX}/`;

/**
 * Game servers poll and stream /runtime/v1 at high rates: those requests are not logged one by one.
 * Decided by the path as sent (request.routeOptions would build an object per request), which only
 * affects logging: a percent-encoded runtime path is merely logged.
 */
const isRuntimeRequest = (request: FastifyRequest) => request.url.startsWith(RUNTIME_PATH_PREFIX);

/**
 * One log line per request, and none that a client can multiply: a console request that succeeded is
 * logged at info once it completed (no separate "incoming request" line); a runtime read that succeeded
 * only at debug; a refused one (4xx, 503) is counted and logged through the refusal log, at most once
 * per client per interval; an error as Fastify logs it.
 */
export class RequestLog extends LogController {
  /** Told of every response once it completed, before its log line (metrics time requests here). */
  private completed: ((request: FastifyRequest, reply: FastifyReply) => void) | null = null;

  constructor(private readonly refusals: RefusalLog) {
    super({});
  }

  /**
   * Follows every response to its end, for an app with a logger: Fastify calls `requestCompleted` for
   * each response then, so watching here costs a request nothing more (an onResponse hook would add a
   * hook run per request). One follower.
   */
  followCompletions(observe: (request: FastifyRequest, reply: FastifyReply) => void): void {
    this.completed = observe;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    this.completed?.(request, reply);
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const status = reply.statusCode;
    if ((status >= 400 && status < 500) || status === 503) {
      this.refusals.refused(request.log, {
        status,
        client: request.ip,
        reason: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
      });
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (isRuntimeRequest(request)) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}
