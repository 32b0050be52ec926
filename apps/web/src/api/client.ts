import {
  type AnyEndpoint,
  endpointUrl,
  type PathParams,
  type RequestBody,
  type ResponseOfEndpoint,
} from '@console/domain/api';
import { unknownEnvironmentMessage } from '@console/domain/environment.constants';
import { ErrorCode, MESSAGES } from '@console/domain/errors';
import type { z } from 'zod';

/**
 * The one API client of the web app. Screens never call fetch: they call `apiCall`,
 * usually through a TanStack Query hook in `<feature>.queries.ts`.
 */

export type ApiErrorKind =
  /** 401: the operator must sign in; the shell shows the login-required page. */
  | 'unauthorized'
  /** 500: the shell opens the 'Server Error' modal. */
  | 'server'
  /** 400: the request was refused; the server's message is raised. */
  | 'bad-request'
  /** Any other non-OK status. */
  | 'http'
  /** A 200 answer carrying `{error}`. */
  | 'api'
  /** A redirect answer; never followed. */
  | 'redirect'
  /** The server could not be reached. */
  | 'network'
  /** The answer is not the JSON shape the call expects. */
  | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The answer's `code` (the domain's ErrorCode) when it carried one. */
  readonly code: string | undefined;

  constructor(kind: ApiErrorKind, message: string, status = 0, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
  }

  /** 401 and 500 are shown by the shell (login page, Server Error modal), not by the screen's banner. */
  get isHandledGlobally(): boolean {
    return this.kind === 'unauthorized' || this.kind === 'server';
  }
}

/**
 * A declared call refused because its environment requires review: the same call (declaration, params,
 * body) can be sent again in another environment, a change request's branch.
 */
export interface RefusedCall {
  /** The environment that refused it (the call's `?configuration=`, or the body field its right is checked in). */
  environment: string;
  message: string;
  /** Sends the same call again in `branch`; answers what the call answers. */
  resendIn(branch: string): Promise<unknown>;
  /** Sends the same call again, in the same environment, with these headers (an admin's bypass reason). */
  resendWith(headers: Readonly<Record<string, string>>): Promise<unknown>;
}

export type ApiEvent =
  | { type: 'unauthorized' }
  | { type: 'server-error'; message: string }
  | { type: 'unknown-environment'; environment: string }
  | { type: 'review-required'; call: RefusedCall };
type ApiEventListener = (event: ApiEvent) => void;

const listeners = new Set<ApiEventListener>();

/**
 * The shell listens here to show the login-required page and the 'Server Error' modal, and to re-list
 * the environments when the active one is gone.
 */
export function subscribeToApiEvents(listener: ApiEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}

export interface ApiCallOptions<T> {
  body?: unknown;
  /** Sent as `?configuration=`: the environment the call acts on. */
  environment?: string;
  /**
   * Checks the payload; without it the payload is returned unchecked. A schema still loading (the shell's,
   * kept off the first load with zod) loads while the request is in flight.
   */
  schema?: z.ZodType<T> | Promise<z.ZodType<T>>;
  signal?: AbortSignal;
  /** Headers besides the JSON ones. */
  headers?: Readonly<Record<string, string>>;
}

export async function apiCall<T = unknown>(path: string, options: ApiCallOptions<T> = {}): Promise<T> {
  const [response, schema] = await Promise.all([send(path, options), options.schema]);
  const text = await response.text();

  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new ApiError('redirect', `Unexpected redirect from ${path}`, response.status);
  }
  if (response.status === 401) {
    emit({ type: 'unauthorized' });
    throw new ApiError('unauthorized', MESSAGES.notLoggedIn, 401);
  }
  if (response.status === 500) {
    const message = errorMessageOf(text) ?? MESSAGES.serverError;
    emit({ type: 'server-error', message });
    throw new ApiError('server', message, 500);
  }
  if (response.status === 400) {
    const body = parseJson(text);
    // The body of a 400 is logged when it is JSON.
    if (body !== undefined) console.info(`Bad request ${path}`, body);
    throw new ApiError(
      'bad-request',
      errorMessageOf(text) ?? statusMessage(response, text),
      400,
      codeOf(text),
    );
  }
  const message = errorMessageOf(text);
  // The call's environment is gone (archived elsewhere): the shell re-lists, and falls back to dev.
  if (response.status === 404 && options.environment !== undefined) {
    if (message === unknownEnvironmentMessage(options.environment)) {
      emit({ type: 'unknown-environment', environment: options.environment });
    }
  }
  if (!response.ok) {
    throw new ApiError(
      'http',
      errorMessageOf(text) ?? statusMessage(response, text),
      response.status,
      codeOf(text),
    );
  }
  return readPayload(path, text, schema);
}

export interface EndpointCallOptions<E extends AnyEndpoint> {
  body?: RequestBody<E>;
  params?: PathParams<E>;
  /** The active environment; ignored for endpoints of 'global' scope. */
  environment?: string;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

/**
 * Calls a declared endpoint and returns its answer, checked against the declared schema. A call refused
 * because its environment requires review is announced (`review-required`) with a way to send it again in
 * a change request's branch: the shell offers "Propose this change" for every screen at once.
 */
export async function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  options: EndpointCallOptions<E> = {},
): Promise<ResponseOfEndpoint<E>> {
  const { body, params, environment, signal, headers } = options;
  const path = endpointUrl(endpoint, (params ?? {}) as Record<string, unknown>);
  try {
    return await apiCall(path, {
      body,
      ...(endpoint.scope === 'environment' && environment !== undefined ? { environment } : {}),
      schema: endpoint.response as z.ZodType<ResponseOfEndpoint<E>>,
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
    });
  } catch (error) {
    const refused = refusedForReview(endpoint, options, error);
    if (refused) emit({ type: 'review-required', call: refused });
    throw error;
  }
}

/**
 * Downloads the answer of a declared call that streams its body (`produces`, the audit export) as the
 * file `fileName`: the server streams it from the database, the browser gathers it into the file it
 * saves. A refusal fails as any call does.
 */
export async function downloadEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  fileName: string,
  options: Pick<EndpointCallOptions<E>, 'body' | 'environment' | 'signal'> = {},
): Promise<void> {
  const { body, environment, signal } = options;
  const path = endpointUrl(endpoint, {});
  const response = await send(path, {
    body,
    ...(endpoint.scope === 'environment' && environment !== undefined ? { environment } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 401) emit({ type: 'unauthorized' });
    throw new ApiError(
      response.status === 401 ? 'unauthorized' : response.status === 400 ? 'bad-request' : 'http',
      errorMessageOf(text) ?? statusMessage(response, text),
      response.status,
      codeOf(text),
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The error code of an environment that takes changes only through change requests. */
export const REVIEW_REQUIRED_CODE: string = ErrorCode.ReviewRequired;

function refusedForReview<E extends AnyEndpoint>(
  endpoint: E,
  options: EndpointCallOptions<E>,
  error: unknown,
): RefusedCall | null {
  if (!(error instanceof ApiError) || error.code !== REVIEW_REQUIRED_CODE) return null;
  // A transfer names the environment it changes in its body (`to`), not in `?configuration=`.
  const field = endpoint.accessEnvironmentField;
  const body = options.body as Record<string, unknown> | undefined;
  const named = field === undefined ? undefined : body?.[field];
  const environment = typeof named === 'string' ? named : options.environment;
  if (environment === undefined) return null;
  return {
    environment,
    message: error.message,
    // The screen that made the call may be gone by then: the call is sent again without its signal.
    resendIn: (branch) =>
      callEndpoint(endpoint, {
        ...(options.params === undefined ? {} : { params: options.params }),
        ...(typeof named === 'string' && field !== undefined
          ? {
              body: { ...body, [field]: branch } as RequestBody<E>,
              ...(options.environment === undefined ? {} : { environment: options.environment }),
            }
          : { environment: branch, ...(options.body === undefined ? {} : { body: options.body }) }),
      }),
    resendWith: (headers) => {
      const { signal: _signal, ...again } = options;
      return callEndpoint(endpoint, { ...again, headers });
    },
  };
}

async function send<T>(
  path: string,
  { body, environment, signal, headers }: ApiCallOptions<T>,
): Promise<Response> {
  const url = environment === undefined ? path : `${path}?configuration=${encodeURIComponent(environment)}`;
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', `Cannot reach the server (${path})`);
  }
}

function readPayload<T>(path: string, text: string, schema: z.ZodType<T> | undefined): T {
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null) {
    throw new ApiError('invalid-response', `Unexpected answer from ${path}`, 200);
  }
  const message = errorMessageOf(text);
  if (message !== undefined) throw new ApiError('api', message, 200);
  const payload = 'payload' in body ? body.payload : undefined;
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.info(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError('invalid-response', `Unexpected answer from ${path}`, 200);
  }
  return parsed.data;
}

/** Any other non-OK status fails with '{statusText}: {body}'. */
function statusMessage(response: Response, text: string): string {
  return `${response.statusText || `HTTP ${response.status}`}: ${text}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The `error` of an `{error}` answer (errorResponseSchema in @console/domain), checked by hand: every
 * answer passes here, including the shell's first ones, which must not wait for zod to load.
 */
function errorMessageOf(text: string): string | undefined {
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' ? body.error : undefined;
}

/** The `code` beside an `{error}` answer's message (ErrorCode in @console/domain). */
function codeOf(text: string): string | undefined {
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null || !('error' in body) || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}
