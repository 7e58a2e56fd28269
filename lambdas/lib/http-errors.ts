import { ErrorCode, type ErrorFlags, ErrorMessage } from '@shared/api/error-codes';

/** One error family for every route: status, stable code, message in the spec's words, optional field and flags. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly flags?: ErrorFlags;

  constructor(opts: {
    statusCode: number;
    code: ErrorCode;
    message: string;
    field?: string;
    flags?: ErrorFlags;
  }) {
    super(opts.message);
    this.name = 'AppError';
    this.statusCode = opts.statusCode;
    this.code = opts.code;
    this.field = opts.field;
    this.flags = opts.flags;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, field?: string, code: ErrorCode = ErrorCode.ValidationFailed) {
    super({ statusCode: 400, code, message, field });
    this.name = 'ValidationError';
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = ErrorMessage.Unauthorized) {
    super({ statusCode: 401, code: ErrorCode.Unauthorized, message });
    this.name = 'UnauthorizedError';
  }
}

/**
 * The token is genuine but no longer counts: its account is gone, or it was issued before a password change,
 * a reset or a deletion (`tokens_valid_after`). Nothing is stored.
 */
export class SessionEndedError extends AppError {
  constructor() {
    super({ statusCode: 401, code: ErrorCode.SessionEnded, message: ErrorMessage.SessionEnded });
    this.name = 'SessionEndedError';
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = ErrorMessage.Forbidden) {
    super({ statusCode: 403, code: ErrorCode.Forbidden, message });
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = ErrorMessage.NotFound, code: ErrorCode = ErrorCode.NotFound) {
    super({ statusCode: 404, code, message });
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends AppError {
  constructor(message: string, opts: { code?: ErrorCode; field?: string; flags?: ErrorFlags } = {}) {
    super({
      statusCode: 409,
      code: opts.code ?? ErrorCode.Conflict,
      message,
      field: opts.field,
      flags: opts.flags,
    });
    this.name = 'ConflictError';
  }
}

/**
 * Mail to the address is suppressed (it bounced permanently or complained): nothing is sent. 422: the request
 * was understood, but this address cannot be mailed.
 */
export class EmailSuppressedError extends AppError {
  constructor() {
    super({ statusCode: 422, code: ErrorCode.EmailSuppressed, message: ErrorMessage.EmailSuppressed });
    this.name = 'EmailSuppressedError';
  }
}

export class RateLimitError extends AppError {
  constructor(
    message: string,
    flags: ErrorFlags = { isRateLimit: true },
    code: ErrorCode = ErrorCode.RateLimited,
  ) {
    super({ statusCode: 429, code, message, flags: { isRateLimit: true, ...flags } });
    this.name = 'RateLimitError';
  }
}

/** A dependency of ours (database, mail, register) failed: 503, the message never carries its details. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string = ErrorMessage.ServiceUnavailable, cause?: unknown) {
    super({ statusCode: 503, code: ErrorCode.ServiceUnavailable, message });
    this.name = 'ServiceUnavailableError';
    // Kept for the log only; the response never shows it.
    if (cause !== undefined) this.cause = cause;
  }
}
