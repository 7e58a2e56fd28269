import * as z from 'zod';

export const HealthRequest = z.object({}).strict();
export type HealthRequest = z.infer<typeof HealthRequest>;

export const HealthResponse = z.object({
  success: z.literal(true),
  status: z.enum(['ok']),
  checks: z.object({ database: z.literal('ok') }),
  time: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
