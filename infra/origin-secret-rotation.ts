/**
 * Rotating the origin secret (the `x-origin-verify` header CloudFront sends to the API) without refusing a
 * single request. The secret holds two values, `current` and `previous`; the API accepts both, CloudFront
 * sends `current`. One rotation:
 *
 *   1. write `{ current: <new>, previous: <old current> }` (a new secret version);
 *   2. deploy the functions: they now accept the new and the old value (CloudFront still sends the old);
 *   3. deploy the distribution: its edges move to the new value over minutes, each accepted meanwhile.
 *
 * The old value stays accepted until the next rotation. Pure: the store and the two deploys are a port, run
 * against AWS by `scripts/rotate-origin-secret.ts` and against the local edge by `origin-rotation.test.ts`.
 */
import { randomBytes } from 'node:crypto';
import { MIN_ORIGIN_SECRET_LENGTH } from '../lambdas/lib/edge';

/** The secret's value (JSON in Secrets Manager). */
export interface OriginSecretValue {
  readonly current: string;
  readonly previous: string;
}

/** What a rotation acts on. */
export interface RotationPort {
  read(): Promise<OriginSecretValue>;
  /** Writes a new version and answers its id. */
  write(value: OriginSecretValue): Promise<string>;
  /** Deploys the API functions with the secret's `version` (they accept `current` and `previous`). */
  deployFunctions(version: string): Promise<void>;
  /** Deploys the distribution with the secret's `version` (it sends `current`). */
  deployEdge(version: string): Promise<void>;
  log?(line: string): void;
}

/** A new secret: 48 characters of base64url, as long as the generated first one. */
export function newOriginSecret(): string {
  return randomBytes(36).toString('base64url');
}

/** One rotation, in the order that never refuses a request (see the module comment). Answers the new version. */
export async function rotateOriginSecret(
  port: RotationPort,
  generate: () => string = newOriginSecret,
): Promise<string> {
  const log = port.log ?? (() => undefined);
  const old = await port.read();
  const next = generate();
  if (next.length < MIN_ORIGIN_SECRET_LENGTH || next === old.current) {
    throw new Error('the new origin secret must be new and at least 32 characters long');
  }
  const version = await port.write({ current: next, previous: old.current });
  log(`1/3 wrote secret version ${version} (the previous value is still accepted)`);
  await port.deployFunctions(version);
  log('2/3 the API functions accept the new and the previous value');
  await port.deployEdge(version);
  log('3/3 CloudFront sends the new value; the previous one stays accepted until the next rotation');
  return version;
}
