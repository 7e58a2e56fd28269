import * as z from 'zod';

/**
 * Reads and checks the environment once, at cold start. A missing or malformed variable throws here,
 * naming every problem, instead of failing mid-request.
 */
export function readEnv<S extends z.ZodObject>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new Error(`Invalid function environment: ${problems}`);
  }
  return parsed.data;
}

/** Variables every function gets. */
export const BaseEnv = z.object({
  AWS_REGION: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  SERVICE_NAME: z.string().min(1).default('kindred'),
});

/** Variables of the functions that manage accounts (identity, mail, media). */
export const AccountEnv = BaseEnv.extend({
  USER_POOL_ID: z.string().min(1),
  CHARITY_CLIENT_ID: z.string().min(1),
  SES_SENDER: z.string().email(),
  /** The SES configuration set (deployed stacks); absent locally. */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  SITE_URL: z.string().url(),
  MEDIA_BUCKET: z.string().min(1),
});

/** Variables of the functions that read or write charity media. */
export const MediaEnv = BaseEnv.extend({
  MEDIA_BUCKET: z.string().min(1),
});

/** Variables of the finder's search: how often its in-memory list of on-platform numbers is refreshed. */
export const SearchEnv = BaseEnv.extend({
  ON_PLATFORM_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});
