import type { ErrorBody, ErrorCode } from '@shared/api/error-codes';

/** Codes the client itself produces, next to the server's stable codes (`ErrorCode` in shared). */
export const ClientErrorCode = {
  /** The request never got an answer (offline, DNS, CORS, connection reset). */
  Network: 'NETWORK',
  /** The caller aborted the request through its `signal`. */
  Aborted: 'ABORTED',
  /** The server answered with a body that is not the route's documented shape. */
  BadResponse: 'BAD_RESPONSE',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

/** Window event fired when the API says the session no longer counts (account deleted, session revoked). */
export const SESSION_ENDED_EVENT = 'kindred:session-ended';

/** Message shown for network failures (spec, error catalogue), also when a call gets no answer in time. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** A failed API call: HTTP status (0 when there was no answer), stable code, message and the spec's flags. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly field?: string;
  readonly isDuplicate?: boolean;
  readonly charityName?: string;
  readonly isRateLimit?: boolean;
  readonly rateLimitType?: 'email' | 'other';
  readonly waitTime?: number;

  constructor(
    init: Omit<ErrorBody, 'success' | 'error' | 'code'> & {
      code: ErrorCode | ClientErrorCode;
      status: number;
      message: string;
      cause?: unknown;
    },
  ) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.isDuplicate = init.isDuplicate;
    this.charityName = init.charityName;
    this.isRateLimit = init.isRateLimit;
    this.rateLimitType = init.rateLimitType;
    this.waitTime = init.waitTime;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Shown where a failure has no message of its own. */
export const TRY_AGAIN = 'Please try again.';

/**
 * The message of a failure for the spec's "Failed to ...: {message}" lines: an API error's (in the spec's
 * words) or any Error's; {@link TRY_AGAIN} when it has none.
 */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : TRY_AGAIN;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Cognito ID token for `charity` and `donor` routes (it carries `custom:user_type`; access tokens do not). */
  token?: string;
  /** Overrides the configured API base URL. */
  baseUrl?: string;
  /** Milliseconds before the call gives up as a network failure; defaults to the route's own time plus 10 s. */
  timeoutMs?: number;
}
