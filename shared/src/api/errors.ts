import * as z from 'zod';

/**
 * Stable error codes of the API. The message a user sees travels beside the code in the spec's words;
 * clients branch on the code, never on the message.
 */
export const ErrorCode = {
  InvalidJson: 'INVALID_JSON',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  SessionEnded: 'SESSION_ENDED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | (string & {});

/** Generic messages for failures the spec does not word itself. */
export const ErrorMessage = {
  InvalidJson: 'The request body must be valid JSON.',
  UnsupportedMediaType: 'The request body must be sent as JSON (Content-Type: application/json).',
  PayloadTooLarge: 'The request is too large.',
  InvalidInput: 'Some of the information sent is missing or not in the right format.',
  Unauthorized: 'Please sign in to continue.',
  SessionEnded: 'Your session has ended. Please sign in again.',
  Forbidden: 'You do not have permission to do that.',
  NotFound: 'Not found.',
  MethodNotAllowed: 'That method is not allowed here.',
  Internal: 'Something went wrong on our side. Please try again in a moment.',
  ServiceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;

/** The one error body every route answers with. Flags are those the spec lists. */
export const ErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
  isDuplicate: z.boolean().optional(),
  charityName: z.string().optional(),
  isRateLimit: z.boolean().optional(),
  rateLimitType: z.enum(['email', 'other']).optional(),
  waitTime: z.number().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Flags an error may carry next to its message (spec section 7). */
export type ErrorFlags = Omit<ErrorBody, 'success' | 'error' | 'code' | 'field'>;
