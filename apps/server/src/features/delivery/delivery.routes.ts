import { DomainError, ErrorCode, notFound } from '@console/domain/errors';
import {
  checkResolveRequest,
  resolvePlayer,
  resolveReceipt,
  runtimeEndpoints,
} from '@console/domain/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { registerInputGuard } from '../../http/input-guard.ts';
import { documentation } from '../../http/runtime-call.ts';
import { registerGrantsCalls } from '../grants/grants.public.ts';
import { registerEventsCall } from './events.routes.ts';
import { registerAppliedCall } from './instances.routes.ts';
import { authenticateRuntimeRequest } from './key-auth.ts';
import type { RuntimeKeyCache, RuntimeKeyEntry } from './key-cache.ts';
import { serializeReceipt, serializeResolution } from './resolution-json.ts';
import type { RuntimeCache, ServedRevision } from './revision-cache.ts';
import { lastEventIdOf, type RuntimeStreams, streamLimitMessage } from './stream.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The runtime key of a /runtime/v1 request (delivery.routes.ts); null elsewhere. */
    runtimeKey: RuntimeKeyEntry | null;
  }
}

export interface RuntimeRoutesOptions {
  store: RuntimeCache;
  keyCache: RuntimeKeyCache;
  streams: RuntimeStreams;
}

type Encoding = 'br' | 'gzip' | null;
const encodingsByHeader = new Map<string, Encoding>();

/** The best coding Accept-Encoding allows (br, then gzip), remembered per header text (few distinct). */
function chooseEncoding(header: string | undefined): Encoding {
  if (header === undefined || header === '') return null;
  const known = encodingsByHeader.get(header);
  if (known !== undefined) return known;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  const chosen: Encoding = allows('br') ? 'br' : allows('gzip') ? 'gzip' : null;
  if (encodingsByHeader.size < 256) encodingsByHeader.set(header, chosen);
  return chosen;
}

/** If-None-Match names the current revision (in any coding), or is `*`. */
function isCurrent(served: ServedRevision, ifNoneMatch: string): boolean {
  if (ifNoneMatch === served.etag || ifNoneMatch === served.etagGzip || ifNoneMatch === served.etagBrotli) {
    return true;
  }
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === served.etag || tag === served.etagGzip || tag === served.etagBrotli;
  });
}

function servedRevisionOf(store: RuntimeCache, key: RuntimeKeyEntry): ServedRevision {
  const served = store.get(key.environmentId);
  if (served) return served;
  if (!store.isLoaded) {
    throw new DomainError(ErrorCode.Unavailable, 'Runtime revisions are not loaded yet; try again shortly');
  }
  throw notFound(`Environment '${key.environmentId}' has no published revision yet`);
}

/**
 * The game servers' API, registered in its own encapsulated context: none of the console's
 * hooks (session, environment scope, browser security headers) run here, only the runtime key check,
 * answered from memory. Request logging is off for these routes (app.ts).
 */
export async function runtimeRoutes(
  app: FastifyInstance,
  { store, keyCache, streams }: RuntimeRoutesOptions,
) {
  app.decorateRequest('runtimeKey', null);
  // Callback style rather than async: no promise on the path of a known key.
  app.addHook('onRequest', (request, _reply, done) => {
    let found: RuntimeKeyEntry | Promise<RuntimeKeyEntry>;
    try {
      found = authenticateRuntimeRequest(keyCache, request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (found instanceof Promise) {
      found.then((key) => {
        request.runtimeKey = key;
        done();
      }, done);
      return;
    }
    request.runtimeKey = found;
    done();
  });

  /** The snapshot in the negotiated coding (`body` null: identity, also when the copy is not smaller). */
  const answerSnapshot = (
    request: FastifyRequest,
    reply: FastifyReply,
    served: ServedRevision,
    encoding: Encoding,
    body: Buffer | null,
  ) => {
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Encoding');
    reply.header(
      'etag',
      body === null ? served.etag : encoding === 'br' ? served.etagBrotli : served.etagGzip,
    );
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && isCurrent(served, ifNoneMatch)) {
      reply.code(304).send();
      return;
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    if (body !== null) reply.header('content-encoding', encoding!);
    reply.send(body ?? served.body);
  };
  const serveSnapshot: RouteHandlerMethod = (request: FastifyRequest, reply: FastifyReply) => {
    const served = servedRevisionOf(store, request.runtimeKey!);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = encoding === null ? null : served.compressed(encoding);
    // Only the first requests of a revision in a coding wait for its compression.
    if (body instanceof Promise) {
      body.then(
        (compressed) => answerSnapshot(request, reply, served, encoding, compressed),
        (error: unknown) => reply.send(error),
      );
      return;
    }
    answerSnapshot(request, reply, served, encoding, body);
  };
  const { snapshot, resolve, stream } = runtimeEndpoints;
  app.route({
    method: snapshot.method,
    url: snapshot.path,
    ...documentation(snapshot),
    handler: serveSnapshot,
  });

  app.route({
    method: stream.method,
    url: stream.path,
    ...documentation(stream),
    exposeHeadRoute: false,
    handler: (request, reply) => {
      const query = request.query as { lastEventId?: unknown };
      if (!streams.hasRoomFor(request.runtimeKey!.keyId)) {
        throw new DomainError(ErrorCode.TooManyRequests, streamLimitMessage(streams.maxPerKey));
      }
      streams.attach(
        reply,
        request.runtimeKey!,
        lastEventIdOf(request.headers['last-event-id'], query.lastEventId),
      );
    },
  });

  // The calls with a body: text PostgreSQL cannot store is refused 400 before any handler (as on /api).
  await app.register(async (calls) => {
    registerInputGuard(calls);
    // From the content in memory: the one resolution function, no database.
    const resolveDocumentation = documentation(resolve);
    calls.route({
      method: resolve.method,
      url: resolve.path,
      config: resolveDocumentation.config,
      schema: { ...resolveDocumentation.schema, body: resolve.body },
      // The body is checked by checkResolveRequest in the handler, the check the SDK's resolve() runs,
      // so both refuse the same bodies with the same message; the schema stays for the documentation.
      validatorCompiler: () => (body) => ({ value: body }),
      handler: (request, reply) => {
        const player = checkResolveRequest(request.body);
        const served = servedRevisionOf(store, request.runtimeKey!);
        const at = player.at ?? Date.now();
        reply.header('content-type', 'application/json; charset=utf-8');
        reply.send(
          player.explain
            ? serializeResolution(resolvePlayer(served.content, player, at))
            : serializeReceipt(resolveReceipt(served.content, player, at)),
        );
      },
    });
    registerGrantsCalls(calls);
    registerAppliedCall(calls);
    registerEventsCall(calls);
  });
}
