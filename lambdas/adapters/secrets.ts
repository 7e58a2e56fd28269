import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

/** A Secrets Manager secret's text (its current version), or '' when it holds none; one client per container. */
export async function readSecretString(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  return out.SecretString ?? '';
}
