import { connect } from 'node:net';
import { MESSAGES } from '@console/domain/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library fixes the URL or refuses the headers) and reads the answer. */
function sendRaw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close the socket while big headers are still being written: the answer is in.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const get = (path: string, extraHeaders = '') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extraHeaders}\r\n`;

describe('errors raised before any route: always {"error"}', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('early@example.com');
    await t.url();
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** The stable code of each status these refusals answer, spelled out (docs/decisions/0332). */
  const CODES: Record<number, string> = {
    400: 'BAD_INPUT',
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    431: 'HEADERS_TOO_LARGE',
  };

  const expectError = (answer: RawAnswer, status: number, error: string | RegExp) => {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['error', 'code']);
    expect(parsed.error).toMatch(error);
    expect(parsed.code).toBe(CODES[status]);
  };

  it('answers bad percent-encoding in the path 400', async () => {
    for (const path of ['/api/x%FF', '/api/id/exist/abtest/%E0%A4%A', '/api/id/words/%zz']) {
      expectError(await sendRaw(port, get(path)), 400, 'The URL is malformed (bad percent-encoding)');
    }
  });

  it('answers a path param over the router limit 414', async () => {
    const path = `/api/id/exist/abtest/${'x'.repeat(200)}`;
    const answer = await sendRaw(
      port,
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nCookie: ${cookie}\r\nContent-Length: 0\r\n\r\n`,
    );
    expectError(answer, 414, 'A path parameter of the URL is too long');
  });

  it("answers headers or a URL over Node's limit 431 and closes the connection", async () => {
    const bigHeader = await sendRaw(port, get('/healthz', `X-Filler: ${'a'.repeat(20_000)}\r\n`));
    expectError(bigHeader, 431, 'The request’s URL or headers are too large');
    const longUrl = await sendRaw(port, get(`/api/audit/list?${'q'.repeat(20_000)}`));
    expectError(longUrl, 431, 'The request’s URL or headers are too large');
  });

  it('answers a request Node cannot parse 400', async () => {
    expectError(await sendRaw(port, 'NOT-HTTP\r\n\r\n'), 400, 'Malformed HTTP request');
    expectError(await sendRaw(port, get('api/audit/list')), 400, 'Malformed HTTP request');
    expectError(await sendRaw(port, 'GET / HTTP/9.9\r\n\r\n'), 400, 'Malformed HTTP request');
    const badChunk = await sendRaw(
      port,
      'POST /api/audit/list HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n',
    );
    expectError(badChunk, 400, 'Malformed HTTP request');
    const badHeader = await sendRaw(port, get('/healthz', 'Bad Header Name: x\r\n'));
    expectError(badHeader, 400, 'Malformed HTTP request');
  });

  it('answers unknown /api and /runtime paths 404 JSON for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const path of ['/api/no/such', '/runtime/no/such', '/runtime', '/%61pi/no/such']) {
        const answer = await t.request({ method: method as 'GET', url: path, headers: { cookie } });
        expect({ method, path, status: answer.statusCode }).toEqual({ method, path, status: 404 });
        expect(answer.json()).toEqual({ error: `Not found: ${method} ${path}`, code: 'NOT_FOUND' });
      }
    }
  });

  it('answers a plain GET of the game clients\' socket path (no Upgrade) 404 {"error"}', async () => {
    const created = await t.post('/api/runtime-keys/create?configuration=dev', { name: 'plain' }, cookie);
    const { key } = created.json().payload as { key: string };
    const answer = await t.request({
      method: 'GET',
      url: '/runtime/connect?configuration=dev&principal=player-1',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'Not found: GET /runtime/connect', code: 'NOT_FOUND' });
  });

  it('answers body errors {"error"}: malformed JSON, prototype keys, wrong type, too large', async () => {
    const cases: [string, string | undefined, number][] = [
      ['{"a":', 'application/json', 400],
      ['{"__proto__":{"x":1}}', 'application/json', 400],
      ['{"constructor":{"prototype":{"x":1}}}', 'application/json', 400],
      ['a=b', 'application/x-www-form-urlencoded', 415],
      ['x'.repeat(2 * 1024 * 1024), 'application/json', 413],
    ];
    for (const [payload, contentType, status] of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/audit/list',
        headers: { cookie, ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });
      expect({ payload: payload.slice(0, 40), status: answer.statusCode }).toEqual({
        payload: payload.slice(0, 40),
        status,
      });
      expect(answer.json()).toEqual({ error: expect.any(String), code: CODES[status] });
    }
  });
});

describe('a request reaching a console that is shutting down', () => {
  it('is refused 503 {"error", "code"} with Retry-After, on a connection already open', async () => {
    const t = await createTestApp();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let enter = () => {};
    const entered = new Promise<void>((resolve) => {
      enter = resolve;
    });
    t.app.get('/test/slow', { schema: { hide: true } }, async () => {
      enter();
      await held;
      return { payload: null };
    });
    const address = new URL(await t.url());
    const socket = connect(Number(address.port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await entered;
    // The second request arrives on the same connection while the console closes (a pipelined one, as
    // a load balancer's kept-alive connection brings).
    const closing = t.app.close();
    socket.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    release();
    await closing;
    await closed;
    const text = Buffer.concat(chunks).toString('utf8');
    const second = text.slice(text.indexOf('HTTP/1.1', 1));
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second.toLowerCase()).toContain('\r\nretry-after: 1\r\n');
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({
      error: MESSAGES.closing,
      code: 'UNAVAILABLE',
    });
  });
});
