import * as z from 'zod';
import { normaliseRegistrationNumber } from '../../register';

/** Schemas every route group uses: no input, a bare success, a success with a message for the user. */
export const EmptyRequest = z.object({}).strict();

export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const SuccessMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessageResponse = z.infer<typeof SuccessMessageResponse>;

/**
 * A registration number read at the edge in its one canonical spelling (`normaliseRegistrationNumber`: no
 * spaces, no leading zeros), so no key, counter or lookup ever sees "01201234" beside "1201234".
 */
export const CanonicalRegistrationNumber = (messages: { required: string; format: string }) =>
  z
    .string({ error: messages.required })
    .max(64, { error: messages.format })
    .transform((value, ctx) => {
      const number = normaliseRegistrationNumber(value);
      if (number === null) {
        ctx.addIssue({ code: 'custom', message: messages.format });
        return z.NEVER;
      }
      return number;
    });
