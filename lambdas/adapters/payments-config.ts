import { type EnvOf, envSchema, rule } from '../lib/env';
import { PaymentsError } from './payments-port';
import { readSecretString } from './secrets';

/** Payments configuration, read at cold start. */
export const PaymentsEnv = envSchema({
  /** The provider: `stripe`, the only one (the local cloud runs a stand-in of it at STRIPE_API_BASE_URL). */
  PAYMENTS_MODE: rule.oneOf(['stripe']),
  /** Secrets Manager secret (complete ARN) holding the Stripe secret key (AWS). */
  PAYMENTS_SECRET_ARN: rule.optionalText(),
  /** The key itself (only for trials outside AWS; never in a deployed function). */
  STRIPE_SECRET_KEY: rule.optionalText(),
  STRIPE_API_BASE_URL: rule.url('https://api.stripe.com'),
});
export type PaymentsEnv = EnvOf<typeof PaymentsEnv>;

/**
 * The Stripe secret key, read from Secrets Manager on first use and cached (a failed read is tried again next
 * time). A stack deployed without the secret still starts: payment setup then answers "temporarily
 * unavailable" (and logs why) instead of every function of the route failing at cold start.
 */
export function secretKeyReader(env: PaymentsEnv): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () => {
    key ??= (async () => {
      if (env.STRIPE_SECRET_KEY) return env.STRIPE_SECRET_KEY;
      if (!env.PAYMENTS_SECRET_ARN) {
        throw new PaymentsError('configuration', 'No Stripe secret key is configured (PAYMENTS_SECRET_ARN)');
      }
      try {
        return await readSecretKey(env.PAYMENTS_SECRET_ARN);
      } catch (error) {
        throw new PaymentsError('configuration', 'The Stripe secret key could not be read', {
          code: (error as Error).name,
        });
      }
    })().catch((error) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

async function readSecretKey(secretId: string): Promise<string> {
  return readSecretField(secretId, 'secretKey', 'The Stripe secret key');
}

/** A secret's value: the text itself, or the `field` of JSON (the console's key/value form). */
async function readSecretField(secretId: string, field: string, what: string): Promise<string> {
  const text = (await readSecretString(secretId)).trim();
  if (!text) throw new Error(`${what} secret is empty`);
  if (text.startsWith('{')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const value = parsed[field];
    if (typeof value !== 'string' || !value) throw new Error(`${what} secret has no ${field} field`);
    return value.trim();
  }
  return text;
}

/** Webhook signing secrets of a stage: Secrets Manager in AWS (one secret, two fields), the values locally. */
export const WebhookSecretsEnv = envSchema({
  /** Secret (complete ARN) holding `platformWebhookSecret` and `connectWebhookSecret` (AWS). */
  STRIPE_WEBHOOK_SECRETS_ARN: rule.optionalText(),
  STRIPE_WEBHOOK_SECRET: rule.optionalText(),
  STRIPE_CONNECT_WEBHOOK_SECRET: rule.optionalText(),
});
export type WebhookSecretsEnv = EnvOf<typeof WebhookSecretsEnv>;

/** Reads one endpoint's signing secret on first use (cached; a failed read is tried again next time). */
export function webhookSigningSecret(
  env: WebhookSecretsEnv,
  endpoint: 'platform' | 'connect',
): () => Promise<string> {
  const value = endpoint === 'platform' ? env.STRIPE_WEBHOOK_SECRET : env.STRIPE_CONNECT_WEBHOOK_SECRET;
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= (async () => {
      if (value) return value;
      if (!env.STRIPE_WEBHOOK_SECRETS_ARN) throw new Error('No Stripe webhook signing secret is configured');
      return readSecretField(
        env.STRIPE_WEBHOOK_SECRETS_ARN,
        endpoint === 'platform' ? 'platformWebhookSecret' : 'connectWebhookSecret',
        'The Stripe webhook',
      );
    })().catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
