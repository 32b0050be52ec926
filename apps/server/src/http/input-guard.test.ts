import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const NUL = 'must not contain the NUL character (U+0000)';
const SURROGATE = 'must be valid Unicode text (it contains an unpaired surrogate)';

/** Opens a game client's socket; resolves with the HTTP status it was refused with, or 101. */
function connectStatus(url: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${key}` } });
    socket.on('open', () => {
      socket.terminate();
      resolve({ status: 101, body: '' });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('error', reject);
  });
}

describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('guard@example.com');
  });

  it.each([
    [
      '/api/configuration/save',
      { configurationId: 'qa-nul', description: 'a\u0000b' },
      `description: ${NUL}`,
    ],
    [
      '/api/configuration/save',
      { configurationId: 'qa-pair', description: 'x\ud800' },
      `description: ${SURROGATE}`,
    ],
    ['/api/abtest/delete', { id: '\u0000' }, `id: ${NUL}`],
    ['/api/audit/list', { action: '\udc00' }, `action: ${SURROGATE}`],
    ['/api/release/kv/set', { value: { nested: ['ok', 'no\u0000'] } }, `value.nested.1: ${NUL}`],
    ['/api/segment/validate/condition', { 'k\u0000': 1 }, `body: field names ${NUL}`],
    ['/oauth/login/dev', { email: 'a\u0000@example.com' }, `email: ${NUL}`],
  ])('refuses %s %j with 400 naming the field', async (url, body, error) => {
    const response = await t.post(`${url}?configuration=dev`, body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
  });

  it('refuses path params and query parameters, and writes nothing', async () => {
    const param = await t.post('/api/id/exist/abtest/a%00b?configuration=dev', undefined, cookie);
    expect(param.statusCode).toBe(400);
    expect(param.json()).toMatchObject({ error: `id: ${NUL}` });
    const query = await t.post('/api/abtest/list?configuration=dev&note=%00', {}, cookie);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: `note: ${NUL}` });
    const environments = (await t.post('/api/configuration/list', undefined, cookie)).json().payload as {
      id: string;
    }[];
    expect(environments.map((environment) => environment.id)).not.toContain('qa-nul');
    const audit = await t.auditEntries(cookie, 'dev');
    expect(JSON.stringify(audit)).not.toMatch(/\\u0000|\\ud8|\\udc/);
  });

  it("refuses a game client's principal before the socket opens, so no such connection exists", async () => {
    const created = await t.post('/api/runtime-keys/create?configuration=dev', { name: 'guard' }, cookie);
    const { key } = created.json().payload as { key: string };
    const address = await t.url();
    const base = `${address.replace(/^http/, 'ws')}/runtime/connect?configuration=dev&principal=`;
    const refused = await connectStatus(`${base}player%00one`, key);
    expect(refused).toEqual({
      status: 400,
      body: JSON.stringify({ error: `principal: ${NUL}`, code: 'BAD_INPUT' }),
    });
    // Bad percent-encoding is no way round: the query parser keeps it as the literal (storable) text.
    expect((await connectStatus(`${base}player-one`, key)).status).toBe(101);
    const list = await t.post('/api/connections/list?configuration=dev', {}, cookie);
    const principals = JSON.stringify(list.json());
    expect(principals).not.toContain('\\u0000');
  });
});
