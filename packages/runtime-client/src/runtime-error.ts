/**
 * A failed call to the console's runtime API. `message` is the server's `{"error"}` text when it
 * answered one; `status` is the HTTP status, or 0 when the console could not be reached at all.
 */
export class RuntimeApiError extends Error {
  override readonly name = 'RuntimeApiError';
  readonly status: number;
  /** The runtime API path that was called, e.g. /runtime/v1/snapshot */
  readonly path: string;
  /**
   * The console's stable code for the refusal (`NOT_LOGGED_IN`, `TOO_MANY_REQUESTS`, ...: the `code` of
   * its `{"error", "code"}` answer, listed in the OpenAPI document), or null when it sent none.
   */
  readonly code: string | null;

  constructor(
    message: string,
    status: number,
    path: string,
    options?: { cause?: unknown; code?: string | null },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.path = path;
    this.code = options?.code ?? null;
  }

  /** Retrying cannot help: the key is wrong or revoked, or the request itself is refused. */
  get isPermanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }

  /** The console refused the key: 401 (unknown or revoked) or 403 (another environment's key). */
  get isKeyRefused(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
