import { type EnvOf, envSchema, rule } from '../../lib/env';
import { readSecretString } from '../secrets';
import { createExtractRegister } from './extract-register';
import { folderIndexSource, s3IndexSource } from './index-sources';
import type { RegisterPort } from './port';
import { RegisterUnavailableError } from './port';
import { createRegisterApi } from './register-api';

/** Register configuration, read at cold start. */
export const RegisterEnv = envSchema({
  REGISTER_SOURCE: rule.oneOf(['extract', 'api'], 'extract'),
  /** Local folder of index versions (local cloud, tests). */
  REGISTER_INDEX_DIR: rule.optional(),
  /** S3 location of index versions (AWS). */
  REGISTER_INDEX_BUCKET: rule.optional(),
  REGISTER_INDEX_PREFIX: rule.string('register'),
  REGISTER_API_URL: rule.optionalUrl(),
  /** The Commission's subscription key, directly (local) or from a Secrets Manager secret (AWS). */
  REGISTER_API_KEY: rule.optional(),
  REGISTER_API_KEY_SECRET_NAME: rule.optional(),
})
  .refine((e) =>
    e.REGISTER_SOURCE !== 'extract' || e.REGISTER_INDEX_DIR || e.REGISTER_INDEX_BUCKET
      ? undefined
      : [
          'REGISTER_INDEX_DIR',
          'REGISTER_INDEX_DIR or REGISTER_INDEX_BUCKET is required for the extract register',
        ],
  )
  .refine((e) =>
    e.REGISTER_SOURCE !== 'api' || e.REGISTER_API_KEY || e.REGISTER_API_KEY_SECRET_NAME
      ? undefined
      : [
          'REGISTER_API_KEY',
          'REGISTER_API_KEY or REGISTER_API_KEY_SECRET_NAME is required for the Register API',
        ],
  );
export type RegisterEnv = EnvOf<typeof RegisterEnv>;

/** Builds the configured register adapter. For the extract index, starts loading it at once (cold start). */
export function createRegister(env: RegisterEnv): RegisterPort {
  if (env.REGISTER_SOURCE === 'api') {
    let port: Promise<RegisterPort> | undefined;
    const resolve = () => {
      port ??= apiKey(env)
        .then((key) => createRegisterApi({ apiKey: key, baseUrl: env.REGISTER_API_URL }))
        .catch((error) => {
          port = undefined;
          throw new RegisterUnavailableError('The Register API key could not be read', { cause: error });
        });
      return port;
    };
    return {
      search: async (...args) => (await resolve()).search(...args),
      getDetails: async (...args) => (await resolve()).getDetails(...args),
      facts: async (...args) => (await resolve()).facts(...args),
    };
  }
  const source = env.REGISTER_INDEX_BUCKET
    ? s3IndexSource(env.REGISTER_INDEX_BUCKET, env.REGISTER_INDEX_PREFIX)
    : folderIndexSource(env.REGISTER_INDEX_DIR as string);
  const register = createExtractRegister(source);
  // Overlap the load with the rest of the cold start; a failure is reported on first use.
  register.load().catch(() => undefined);
  return register;
}

async function apiKey(env: RegisterEnv): Promise<string> {
  if (env.REGISTER_API_KEY) return env.REGISTER_API_KEY;
  const key = (await readSecretString(env.REGISTER_API_KEY_SECRET_NAME as string)).trim();
  if (!key) throw new Error('The Register API key secret is empty');
  return key;
}
