import { vi } from 'vitest';

export interface RecordedCall {
  path: string;
  configuration: string | null;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; text?: string; statusText?: string };
export type Handler = (call: RecordedCall) => Answer;

/** Replaces fetch with a small in-memory server; unknown paths answer 404. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      path: url.pathname,
      configuration: url.searchParams.get('configuration'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[call.path];
    const answer: Answer = handler
      ? handler(call)
      : { status: 404, body: { error: `Not found: ${call.path}` } };
    const text = answer.text ?? JSON.stringify(answer.body ?? null);
    return new Response(text, {
      status: answer.status ?? 200,
      statusText: answer.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

export const ok = (payload: unknown): Answer => ({ body: { payload } });
export const fail = (status: number, error: string): Answer => ({ status, body: { error } });

/**
 * `/api/auth/me` for a user with one role everywhere, in the environments the screens list;
 * `environments` overrides single ones (`{ prod: 'viewer' }`).
 */
export const signedInAs = (
  email = 'op@example.com',
  role: 'viewer' | 'operator' | 'admin' = 'admin',
  environments: Record<string, 'viewer' | 'operator' | 'admin'> = {},
): Answer =>
  ok({
    email,
    role,
    isConfiguredAdmin: false,
    environments: ['dev', 'stable', 'prod'].map((id) => ({
      id,
      role: environments[id] ?? role,
      isProtected: id === 'prod',
    })),
  });
