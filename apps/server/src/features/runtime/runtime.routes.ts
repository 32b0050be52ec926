import {
  DomainError,
  ErrorCode,
  errorResponseSchema,
  notFound,
  type ResolveRequest,
  type RuntimeEndpoint,
  resolvePlayer,
  runtimeEndpoints,
  runtimeQuerySchema,
} from '@console/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serializeResolution } from './resolution-json.ts';
import { authenticateRuntimeRequest } from './runtime-auth.ts';
import type { RuntimeKeyCache, RuntimeKeyEntry } from './runtime-key-cache.ts';
import type { RuntimeStore, ServedRevision } from './runtime-store.ts';
import { lastEventIdOf, type RuntimeStreams } from './runtime-stream.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The runtime key of a /runtime/v1 request (runtime.routes.ts); null elsewhere. */
    runtimeKey: RuntimeKeyEntry | null;
  }
}

export interface RuntimeRoutesOptions {
  store: RuntimeStore;
  keyCache: RuntimeKeyCache;
  streams: RuntimeStreams;
}

export const RUNTIME_SECURITY_SCHEME = 'runtimeKey';

/**
 * The OpenAPI description of a runtime route, from its declaration (packages/domain runtime-endpoints):
 * documented there rather than validated per request, since `?configuration=` is checked by the key's
 * environment and answers are prebuilt buffers.
 */
function documentation(endpoint: RuntimeEndpoint) {
  const schema = {
    summary: endpoint.summary,
    tags: ['runtime'],
    security: [{ [RUNTIME_SECURITY_SCHEME]: [] }],
    produces: [endpoint.produces],
  };
  const config = {
    swaggerTransform: ((document) =>
      jsonSchemaTransform({
        ...document,
        schema: {
          ...document.schema,
          querystring: runtimeQuerySchema,
          response: { 200: endpoint.response, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      })) as typeof jsonSchemaTransform,
  };
  return { schema, config };
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

function servedRevisionOf(store: RuntimeStore, key: RuntimeKeyEntry): ServedRevision {
  const served = store.get(key.environmentId);
  if (served) return served;
  if (!store.isLoaded) {
    throw new DomainError(ErrorCode.Unavailable, 'Runtime revisions are not loaded yet; try again shortly');
  }
  throw notFound(`Environment '${key.environmentId}' has no published revision yet`);
}

/**
 * The game servers' API (issue 13), registered in its own encapsulated context: none of the console's
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

  const serveSnapshot: RouteHandlerMethod = (request: FastifyRequest, reply: FastifyReply) => {
    const served = servedRevisionOf(store, request.runtimeKey!);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = encoding === 'br' ? served.brotli : encoding === 'gzip' ? served.gzip : null;
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
  const { snapshot, resolve, stream } = runtimeEndpoints;
  app.route({
    method: snapshot.method,
    url: snapshot.path,
    ...documentation(snapshot),
    handler: serveSnapshot,
  });

  // From the content in memory: the one resolution function, no database.
  const resolveDocumentation = documentation(resolve);
  app.route({
    method: resolve.method,
    url: resolve.path,
    config: resolveDocumentation.config,
    schema: { ...resolveDocumentation.schema, body: resolve.body },
    handler: (request, reply) => {
      const served = servedRevisionOf(store, request.runtimeKey!);
      const player = request.body as ResolveRequest;
      const resolution = resolvePlayer(served.content, player, player.at ?? Date.now());
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.send(serializeResolution(resolution));
    },
  });

  app.route({
    method: stream.method,
    url: stream.path,
    ...documentation(stream),
    exposeHeadRoute: false,
    handler: (request, reply) => {
      const query = request.query as { lastEventId?: unknown };
      streams.attach(
        reply,
        request.runtimeKey!,
        lastEventIdOf(request.headers['last-event-id'], query.lastEventId),
      );
    },
  });
}
