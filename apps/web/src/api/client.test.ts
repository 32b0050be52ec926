import { api } from '@console/domain/endpoints';
import { MESSAGES } from '@console/domain/errors';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { fail, fakeApi, ok } from '../test/fakeApi.ts';
import {
  ApiError,
  type ApiEvent,
  apiCall,
  callEndpoint,
  REVIEW_REQUIRED_CODE,
  subscribeToApiEvents,
} from './client.ts';

const recordEvents = () => {
  const events: ApiEvent[] = [];
  const unsubscribe = subscribeToApiEvents((event) => events.push(event));
  onTestFinished(unsubscribe);
  return events;
};

async function errorOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiCall', () => {
  it('posts JSON with the environment as ?configuration= and returns the payload', async () => {
    const api = fakeApi({ '/api/audit/list': () => ok([{ id: 1 }]) });

    const payload = await apiCall('/api/audit/list', {
      environment: 'stable',
      body: { offset: 0, limit: 100 },
    });

    expect(payload).toEqual([{ id: 1 }]);
    expect(api.calls).toEqual([
      { path: '/api/audit/list', configuration: 'stable', body: { offset: 0, limit: 100 } },
    ]);
    const init = api.fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.redirect).toBe('manual');
  });

  it('sends an empty object and no query when there is neither body nor environment', async () => {
    const api = fakeApi({ '/api/configuration/list': () => ok(['dev']) });
    await apiCall('/api/configuration/list');
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/api/configuration/list');
    expect(api.calls[0]?.body).toEqual({});
  });

  it('checks the payload against the given schema', async () => {
    fakeApi({ '/api/configuration/list': () => ok([1, 2]) });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = await errorOf(apiCall('/api/configuration/list', { schema: z.array(z.string()) }));
    expect(error.kind).toBe('invalid-response');
  });

  it('sends at once and checks the payload against a schema that is still loading', async () => {
    const api = fakeApi({ '/api/configuration/list': () => ok([1, 2]) });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    let deliverSchema: (schema: z.ZodType<string[]>) => void = () => undefined;
    const schema = new Promise<z.ZodType<string[]>>((resolve) => {
      deliverSchema = resolve;
    });

    const call = errorOf(apiCall('/api/configuration/list', { schema }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    deliverSchema(z.array(z.string()));

    expect((await call).kind).toBe('invalid-response');
  });

  it('reads only a string error field as an error', async () => {
    fakeApi({ '/api/x': () => ({ body: { error: 42, payload: 'kept' } }) });
    expect(await apiCall('/api/x')).toBe('kept');
  });

  it('raises the error field of a 200 answer', async () => {
    fakeApi({ '/api/x': () => ({ body: { error: 'AB-test not found' } }) });
    const error = await errorOf(apiCall('/api/x'));
    expect(error).toMatchObject({ kind: 'api', message: 'AB-test not found' });
  });

  it('turns a 401 into the login-required error and tells the shell', async () => {
    const events = recordEvents();
    fakeApi({ '/api/x': () => fail(401, 'whatever the server says') });
    const error = await errorOf(apiCall('/api/x'));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: MESSAGES.notLoggedIn });
    expect(error.isHandledGlobally).toBe(true);
    expect(events).toEqual([{ type: 'unauthorized' }]);
  });

  it('turns a 500 into a server error and tells the shell', async () => {
    const events = recordEvents();
    fakeApi({ '/api/x': () => ({ status: 500, text: 'oops' }) });
    const error = await errorOf(apiCall('/api/x'));
    expect(error).toMatchObject({ kind: 'server', status: 500, message: MESSAGES.serverError });
    expect(events).toEqual([{ type: 'server-error', message: MESSAGES.serverError }]);
  });

  it('logs the JSON body of a 400 and raises its message', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    fakeApi({ '/api/x': () => fail(400, 'Weights cannot be empty') });
    const error = await errorOf(apiCall('/api/x'));
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, message: 'Weights cannot be empty' });
    expect(error.isHandledGlobally).toBe(false);
    expect(info).toHaveBeenCalledWith('Bad request /api/x', { error: 'Weights cannot be empty' });
  });

  it('does not log a 400 whose body is not JSON', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    fakeApi({ '/api/x': () => ({ status: 400, statusText: 'Bad Request', text: 'nope' }) });
    const error = await errorOf(apiCall('/api/x'));
    expect(error.message).toBe('Bad Request: nope');
    expect(info).not.toHaveBeenCalled();
  });

  it("fails other statuses with '{statusText}: {body}'", async () => {
    const events = recordEvents();
    fakeApi({ '/api/x': () => ({ status: 413, statusText: 'Payload Too Large', text: 'too big' }) });
    const error = await errorOf(apiCall('/api/x'));
    expect(error).toMatchObject({ kind: 'http', status: 413, message: 'Payload Too Large: too big' });
    expect(events).toEqual([]);
  });

  it("prefers the server's message when another status carries {error}", async () => {
    fakeApi({ '/api/x': () => ({ ...fail(409, 'Environment qa already exists'), statusText: 'Conflict' }) });
    const error = await errorOf(apiCall('/api/x'));
    expect(error).toMatchObject({ kind: 'http', status: 409, message: 'Environment qa already exists' });
  });

  it('treats a redirect as an error', async () => {
    fakeApi({ '/api/x': () => ({ status: 302, text: '' }) });
    const error = await errorOf(apiCall('/api/x'));
    expect(error.kind).toBe('redirect');
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await errorOf(apiCall('/api/x'));
    expect(error.kind).toBe('network');
  });

  it('lets an aborted call reject with the abort itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    const controller = new AbortController();
    controller.abort();
    await expect(apiCall('/api/x', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('callEndpoint refused for review', () => {
  const refusal = {
    status: 409,
    body: { error: 'prod requires review: propose this change', code: 'REVIEW_REQUIRED' },
  };

  it('keeps the answer code on the error', async () => {
    fakeApi({ '/api/release/kv/set': () => refusal });
    const error = await errorOf(
      callEndpoint(api.release.setKeyValue, { environment: 'prod', body: { keyValue: 'a=1;' } }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 409, code: REVIEW_REQUIRED_CODE });
  });

  it('announces the call and sends the same call again in a branch', async () => {
    const server = fakeApi({
      '/api/release/kv/set': (call) => (call.configuration === 'prod' ? refusal : ok('a=1;')),
    });
    const events = recordEvents();
    await errorOf(callEndpoint(api.release.setKeyValue, { environment: 'prod', body: { keyValue: 'a=1;' } }));

    const event = events.find((seen) => seen.type === 'review-required');
    if (event?.type !== 'review-required') throw new Error('no review-required event');
    expect(event.call).toMatchObject({
      environment: 'prod',
      message: 'prod requires review: propose this change',
    });
    await expect(event.call.resendIn('prod~cr-3')).resolves.toBe('a=1;');
    expect(server.calls.map((call) => [call.configuration, call.body])).toEqual([
      ['prod', { keyValue: 'a=1;' }],
      ['prod~cr-3', { keyValue: 'a=1;' }],
    ]);
  });

  it('sends a transfer again into the branch through the body field that names its destination', async () => {
    const server = fakeApi({
      '/api/configuration/transfer': (call) =>
        (call.body as { to: string }).to === 'prod' ? refusal : ok({ transferred: 0 }),
    });
    const events = recordEvents();
    const body = { from: 'stable', to: 'prod', mode: 'merge', previewToken: 't' } as const;
    await errorOf(callEndpoint(api.transfer.transfer, { environment: 'stable', body }));
    const event = events.find((seen) => seen.type === 'review-required');
    if (event?.type !== 'review-required') throw new Error('no review-required event');
    expect(event.call.environment).toBe('prod');
    await event.call.resendIn('prod~cr-3').catch(() => undefined);
    expect(server.calls[1]).toMatchObject({ configuration: 'stable', body: { ...body, to: 'prod~cr-3' } });
  });

  it('announces nothing for other refusals', async () => {
    fakeApi({ '/api/release/kv/set': () => fail(403, 'Requires admin rights in prod') });
    const events = recordEvents();
    await errorOf(callEndpoint(api.release.setKeyValue, { environment: 'prod', body: { keyValue: 'a=1;' } }));
    expect(events).toEqual([]);
  });
});
