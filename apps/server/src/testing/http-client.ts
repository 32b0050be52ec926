import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';

/** What a test sends: the options of Fastify's `inject` that a real client can send. */
export interface TestRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** Path and query, e.g. `/api/abtest/list?configuration=dev`. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as is; an object is sent as JSON (with `content-type: application/json` unless set). */
  payload?: string | Buffer | object;
}

/** What a test reads back: the parts of `inject`'s answer the tests use, read off the socket. */
export interface TestResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The body as text (UTF-8). */
  body: string;
  /** The body's bytes exactly as sent (still compressed when the server compressed it). */
  rawPayload: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: like inject's json(), a test names the shape it expects
  json<T = any>(): T;
}

export interface HttpClient {
  /** The app's address (http://127.0.0.1:<port>); the app listens on a free port from the first call. */
  url(): Promise<string>;
  request(options: TestRequest): Promise<TestResponse>;
}

/**
 * Requests to the app over a real socket (supertest against the listening server), so they pass
 * through Node's HTTP parser and header handling as a browser's or a game server's do: the
 * `inject` options and answer shape over TCP. The app listens on 127.0.0.1 at the first request,
 * after the test had its chance to add routes; one that already listens is used where it is.
 * Closing the app closes the socket.
 */
export function httpClient(app: FastifyInstance): HttpClient {
  let listening: Promise<string> | undefined;
  const url = () => {
    listening ??= app.server.listening
      ? Promise.resolve(addressOf(app))
      : app.listen({ port: 0, host: '127.0.0.1' });
    return listening;
  };
  return {
    url,
    async request({ method = 'GET', url: path, headers = {}, payload }) {
      const call = request(await url())
        [method.toLowerCase() as 'get'](path)
        // As inject: what the server answered, not where a redirect leads or an error thrown for 4xx/5xx.
        .redirects(0)
        .ok(() => true)
        // superagent asks for gzip unless told otherwise, and inflates what comes back: a test asks for
        // an encoding itself, and reads the bytes as sent.
        .unset('Accept-Encoding')
        .buffer(true)
        // superagent hands a parser Node's response stream (its types say its own Response).
        .parse(collectBytes as never);
      (call as unknown as { _shouldDecompress(): boolean })._shouldDecompress = () => false;
      const isObject = typeof payload === 'object' && !Buffer.isBuffer(payload);
      const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
      if (isObject && !hasContentType) call.set('content-type', 'application/json');
      call.set(headers);
      if (payload !== undefined) {
        const bytes = Buffer.isBuffer(payload)
          ? payload
          : Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload));
        // Sent as bytes with no serialiser, so superagent neither adds a content type nor re-encodes.
        call.serialize((body) => body).send(bytes);
      }
      const response = await call;
      // A HEAD answer has no body to parse.
      const rawPayload = Buffer.isBuffer(response.body) ? response.body : Buffer.alloc(0);
      const body = rawPayload.toString('utf8');
      return {
        statusCode: response.status,
        headers: response.headers as IncomingHttpHeaders,
        body,
        rawPayload,
        json: () => JSON.parse(body),
      };
    },
  };
}

function addressOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app listens on no TCP port');
  return `http://127.0.0.1:${address.port}`;
}

function collectBytes(
  response: NodeJS.ReadableStream,
  done: (error: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
  response.on('error', (error: Error) => done(error, Buffer.alloc(0)));
}
