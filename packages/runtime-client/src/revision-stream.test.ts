import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RUNTIME_PATHS } from '@console/domain/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { followRevisionStream, readRevision, readRevisionEvent } from './revision-stream.ts';
import type { RuntimeApiError } from './runtime-error.ts';
import { createRuntimeHttp } from './runtime-http.ts';

// The stream loop against a real HTTP server that speaks SSE as scripted per connection; the client
// runs over the global fetch, as in production. The whole client against the console is in test/.

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface ScriptedServer {
  url: string;
  /** Each connection's request headers, in order. */
  requests: IncomingMessage['headers'][];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Connection n is answered by handlers[n] (the last one for any further connection). */
async function startScriptedServer(handlers: Handler[]): Promise<ScriptedServer> {
  const requests: IncomingMessage['headers'][] = [];
  const server = createServer((request, response) => {
    if (request.url !== RUNTIME_PATHS.stream) {
      response.writeHead(404).end();
      return;
    }
    requests.push(request.headers);
    const handler = handlers[Math.min(requests.length, handlers.length) - 1]!;
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

const openEventStream = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
};
const revisionEvent = (revision: number) =>
  `event: revision\nid: ${revision}\ndata: ${JSON.stringify({ revision, hash: `h${revision}`, changed: [] })}\n\n`;

/** Runs the loop until `isDone` says so after some callback, then aborts it. */
function follow(
  url: string,
  isDone: (seen: Seen) => boolean,
  overrides: { idleTimeoutMs?: number; lastRevision?: number } = {},
) {
  const seen: Seen = { revisions: [], opens: 0, lost: [] };
  const controller = new AbortController();
  const check = () => {
    if (isDone(seen)) controller.abort();
  };
  const done = followRevisionStream({
    http: createRuntimeHttp({ url, key: 'rk_test', fetch: globalThis.fetch, requestTimeoutMs: 5_000 }),
    signal: controller.signal,
    backoff: { initialDelayMs: 1, maxDelayMs: 5, factor: 2, jitter: 0.5 },
    idleTimeoutMs: overrides.idleTimeoutMs ?? 60_000,
    lastRevision: () => overrides.lastRevision ?? null,
    onOpen: () => {
      seen.opens++;
      check();
    },
    onRevision: (revision) => {
      seen.revisions.push(revision);
      check();
    },
    onLost: (error) => {
      seen.lost.push(error);
      check();
    },
  });
  return done.then(() => seen);
}

interface Seen {
  revisions: number[];
  opens: number;
  lost: RuntimeApiError[];
}

describe('followRevisionStream', () => {
  it('announces each revision event, ignoring other events and heartbeats, and sends the key', async () => {
    const server = await startScriptedServer([
      (_request, response) => {
        openEventStream(response);
        response.write(': heartbeat\n\n');
        response.write(revisionEvent(4));
        response.write('event: other\ndata: {"revision": 99}\n\n');
        response.write(`${revisionEvent(5).slice(0, 20)}`);
        response.write(revisionEvent(5).slice(20));
      },
    ]);
    const seen = await follow(server.url, (s) => s.revisions.length === 2);
    expect(seen.revisions).toEqual([4, 5]);
    expect(seen.lost).toEqual([]);
    expect(server.requests[0]?.authorization).toBe('Bearer rk_test');
    expect(server.requests[0]?.accept).toBe('text/event-stream');
    expect(server.requests[0]?.['last-event-id']).toBeUndefined();
  });

  it('reopens a stream the server ended, passing the newest revision seen as Last-Event-ID', async () => {
    const server = await startScriptedServer([
      (_request, response) => {
        openEventStream(response);
        response.end(revisionEvent(8));
      },
      (_request, response) => {
        openEventStream(response);
        response.write(revisionEvent(9));
      },
    ]);
    const seen = await follow(server.url, (s) => s.revisions.includes(9), { lastRevision: 6 });
    expect(seen.revisions).toEqual([8, 9]);
    expect(seen.opens).toBe(2);
    expect(seen.lost.map((error) => error.message)).toEqual(['The revision stream ended']);
    expect(server.requests.map((headers) => headers['last-event-id'])).toEqual(['6', '8']);
  });

  it("keeps retrying a refused stream, reporting the server's error text and status", async () => {
    const refuse: Handler = (_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Runtime key revoked' }));
    };
    const server = await startScriptedServer([
      refuse,
      refuse,
      (_request, response) => {
        openEventStream(response);
        response.write(revisionEvent(2));
      },
    ]);
    const seen = await follow(server.url, (s) => s.revisions.length === 1);
    expect(seen.lost.map((error) => [error.status, error.message, error.isPermanent])).toEqual([
      [401, 'Runtime key revoked', true],
      [401, 'Runtime key revoked', true],
    ]);
    expect(seen.revisions).toEqual([2]);
  });

  it('takes a silent stream for dead and reopens it', async () => {
    const server = await startScriptedServer([
      (_request, response) => openEventStream(response),
      (_request, response) => {
        openEventStream(response);
        response.write(revisionEvent(3));
      },
    ]);
    const seen = await follow(server.url, (s) => s.revisions.length === 1, { idleTimeoutMs: 50 });
    expect(seen.lost[0]?.message).toBe('The revision stream was silent for 50 ms');
    expect(seen.revisions).toEqual([3]);
  });

  it('reports an unreachable console with status 0 and retries', async () => {
    const { url } = await startScriptedServer([]);
    for (const closed of servers.splice(0)) await new Promise((resolve) => closed.close(resolve));
    const seen = await follow(url, (s) => s.lost.length === 2);
    expect(seen.lost.map((error) => error.status)).toEqual([0, 0]);
    expect(seen.lost[0]?.message).toMatch(
      /^Console unreachable at http:\/\/127\.0\.0\.1:\d+\/runtime\/v1\/stream: /,
    );
  });
});

describe('readRevision', () => {
  it("reads the revision from the data, else from the event's id, for revision events only", () => {
    expect(readRevision({ event: 'revision', id: '3', data: '{"revision":4}' })).toBe(4);
    expect(readRevision({ event: 'revision', id: '3', data: 'not json' })).toBe(3);
    expect(readRevision({ event: 'revision', id: '', data: '{}' })).toBeNull();
    expect(readRevision({ event: 'message', id: '3', data: '{"revision":4}' })).toBeNull();
  });
});

describe('readRevisionEvent', () => {
  it('reads a change or reset event as the console sends it, null for anything else', () => {
    const reset = { revision: 4, hash: 'h', previousRevision: null, changed: null, everythingChanged: true };
    expect(readRevisionEvent({ event: 'revision', id: '4', data: JSON.stringify(reset) })).toEqual(reset);
    expect(readRevisionEvent({ event: 'revision', id: '4', data: '{"revision":4}' })).toBeNull();
    expect(readRevisionEvent({ event: 'revision', id: '4', data: 'not json' })).toBeNull();
    expect(readRevisionEvent({ event: 'message', id: '4', data: JSON.stringify(reset) })).toBeNull();
  });
});
