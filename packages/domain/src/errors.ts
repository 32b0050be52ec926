// One error type for the whole product: a code from this enum and a message for the operator.
// The server maps codes to HTTP statuses in one table (apps/server/src/http/errors.ts).

export const ErrorCode = {
  BadInput: 'BAD_INPUT',
  NotLoggedIn: 'NOT_LOGGED_IN',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RuleViolation: 'RULE_VIOLATION',
  /** A content change made directly in an environment that requires review: propose it instead. */
  ReviewRequired: 'REVIEW_REQUIRED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** Refused before routing: a path param over the router's limit (414), headers or URL over Node's (431). */
  UriTooLong: 'URI_TOO_LONG',
  HeadersTooLarge: 'HEADERS_TOO_LARGE',
  RequestTimeout: 'REQUEST_TIMEOUT',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  Internal: 'INTERNAL',
  /** A dependency (the database) cannot be reached: readiness checks answer 503. */
  Unavailable: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_INPUT: 400,
  NOT_LOGGED_IN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // Before RULE_VIOLATION: a framework 409 reads as the last code of a status (http/errors.ts)
  REVIEW_REQUIRED: 409,
  RULE_VIOLATION: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  /**
   * What to do next, answered as `hint` beside `error` where the product words the error exactly and
   * the guidance cannot join it (docs/decisions/0331).
   */
  readonly hint: string | undefined;
  constructor(code: ErrorCode, message: string, hint?: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.hint = hint;
  }
}

export const badInput = (message: string) => new DomainError(ErrorCode.BadInput, message);
export const notLoggedIn = () => new DomainError(ErrorCode.NotLoggedIn, MESSAGES.notLoggedIn);
export const notFound = (message: string) => new DomainError(ErrorCode.NotFound, message);
export const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message);
export const ruleViolation = (message: string) => new DomainError(ErrorCode.RuleViolation, message);

// Texts shown to operators exactly as written
export const MESSAGES = {
  notLoggedIn: 'You must be logged in to access this page.',
  serverError: 'A request encountered a server error.',
  internalStorage: 'Internal error please reload page',
  /** The database cannot be reached (503); the caller may try again. */
  databaseUnavailable: 'The database cannot be reached right now. Try again in a moment.',
  /** A request that reaches a console while it shuts down (503); another replica will answer it. */
  closing: 'The console is shutting down. Try again in a moment.',
} as const;

/** 403: signed in, without the right the call needs (the message names it: access.ts). */
export const forbidden = (message: string) => new DomainError(ErrorCode.Forbidden, message);

/**
 * 409 REVIEW_REQUIRED: a content change made directly in an environment whose review policy requires
 * review (docs/product.md, Change requests). The web offers "Propose this change" on this code.
 */
export const reviewRequiredMessage = (environment: string) =>
  `Environment ${environment} requires review: propose this change in a change request instead`;
export const REVIEW_REQUIRED_HINT =
  'Open a change request (or continue yours) and make the change in its branch; an admin may bypass review with a reason';
export const reviewRequired = (environment: string) =>
  new DomainError(ErrorCode.ReviewRequired, reviewRequiredMessage(environment), REVIEW_REQUIRED_HINT);
