import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** This install's local Stripe keys: a secret key and the two webhook signing secrets, made on first start. */
export interface LocalStripeSecrets {
  secretKey: string;
  platformWebhookSecret: string;
  connectWebhookSecret: string;
}

/** Reads the keys kept at `file` (mode 0600, under `.local/`), or makes them there. */
export function ensureStripeSecrets(file: string): LocalStripeSecrets {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalStripeSecrets;
  const random = () => randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
  const secrets: LocalStripeSecrets = {
    secretKey: `sk_test_local${random()}`,
    platformWebhookSecret: `whsec_${random()}`,
    connectWebhookSecret: `whsec_${random()}`,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
