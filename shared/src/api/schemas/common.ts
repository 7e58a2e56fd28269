import * as z from 'zod';

/** Schemas every route group uses: no input, a bare success, a success with a message for the user. */
export const EmptyRequest = z.object({}).strict();

export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

export const SuccessMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessageResponse = z.infer<typeof SuccessMessageResponse>;
