import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The local Cognito's signing key: generated once per install, never a published one. */
export interface SigningKey {
  kid: string;
  /** PKCS#8 PEM of the private key (kept only in the state directory, mode 0600). */
  privatePem: string;
  /** The public half as a JWK, as Cognito publishes it in `/.well-known/jwks.json`. */
  jwk: { kty: 'RSA'; n: string; e: string; kid: string; alg: 'RS256'; use: 'sig' };
}

/** Reads the key kept at `file`, or generates a fresh RSA-2048 key there on first start. */
export function ensureSigningKey(file: string): SigningKey {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; privatePem: string };
    return withJwk(saved.kid, saved.privatePem);
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `local-${randomBytes(8).toString('hex')}`;
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ kid, privatePem }, null, 2)}\n`, { mode: 0o600 });
  return withJwk(kid, privatePem);
}

function withJwk(kid: string, privatePem: string): SigningKey {
  const { n, e } = createPublicKey(createPrivateKey(privatePem)).export({ format: 'jwk' }) as {
    n: string;
    e: string;
  };
  return { kid, privatePem, jwk: { kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' } };
}

/** Signs a JWT (RS256) with the key: the same header Cognito sets (`kid`, `alg`). */
export function signJwt(key: Pick<SigningKey, 'kid' | 'privatePem'>, claims: object): string {
  const header = Buffer.from(JSON.stringify({ kid: key.kid, alg: 'RS256' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key.privatePem);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

/** The claims of a JWT, unverified (for re-signing tokens cognito-local made). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
