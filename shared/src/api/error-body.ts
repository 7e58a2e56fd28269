import * as z from 'zod';
import { ERROR_CODES } from './error-codes';

export { ERROR_CODES, ErrorCode, ErrorMessage } from './error-codes';

/**
 * The one error body every route answers with. Flags are those the spec lists. Import the codes and messages
 * from `error-codes.ts` unless the schema itself is needed: this module loads zod (a page that imports it
 * for a constant carries zod on its first load; web/src/lib/api-call.ts, loaded on the first call, parses).
 */
export const ErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
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
