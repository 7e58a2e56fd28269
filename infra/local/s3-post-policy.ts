import { randomBytes } from 'node:crypto';
import { sameSignature, sigV4Signature } from './sigv4';

/** An S3 refusal: status, S3's error code and message, as its XML error body carries them. */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
}

/** S3's XML error body. */
export function s3ErrorXml(refusal: S3Refusal, resource: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${esc(refusal.code)}</Code><Message>${esc(refusal.message)}</Message>` +
    `<Resource>${esc(resource)}</Resource><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`
  );
}

type Condition = Record<string, unknown> | unknown[];

const denied = (message: string): S3Refusal => ({ status: 403, code: 'AccessDenied', message });
const invalid = (detail: string) => denied(`Invalid according to Policy: ${detail}`);

/**
 * Checks a browser POST upload as S3 does (SigV4 POST policy): the signature over the base64 policy with the
 * signing key of a known access key, the policy's expiration, and every condition (exact values, prefixes,
 * the size range) against the form's fields, the bucket and the file size; every field but the exempt ones
 * must be covered by a condition. Returns null when S3 would accept the upload.
 */
export function checkPostPolicy(input: {
  bucket: string;
  /** Form fields (file excluded), names as sent. */
  fields: Map<string, string>;
  fileSize: number;
  credentials: { accessKeyId: string; secretAccessKey: string };
  now?: Date;
}): S3Refusal | null {
  const field = new Map([...input.fields].map(([k, v]) => [k.toLowerCase(), v]));
  const policyB64 = field.get('policy');
  const signature = field.get('x-amz-signature');
  const credential = field.get('x-amz-credential');
  if (!policyB64 || !signature || !credential) return denied('Access Denied');
  if (field.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return { status: 400, code: 'InvalidRequest', message: 'Unsupported x-amz-algorithm' };
  const [accessKeyId, ...scope] = credential.split('/');
  if (accessKeyId !== input.credentials.accessKeyId || scope.length !== 4 || scope[2] !== 's3')
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  if (!sameSignature(sigV4Signature(input.credentials.secretAccessKey, scope, policyB64), signature))
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expires = Date.parse(String(policy.expiration ?? ''));
  if (Number.isNaN(expires)) return invalid('Policy expiration is missing or invalid.');
  if (expires <= (input.now ?? new Date()).getTime()) return invalid('Policy expired.');
  if (!Array.isArray(policy.conditions)) return invalid('Policy has no conditions.');

  const values = new Map(field);
  values.set('bucket', input.bucket);
  const covered = new Set<string>();
  let sizeRange: [number, number] | undefined;
  for (const raw of policy.conditions as Condition[]) {
    if (Array.isArray(raw)) {
      const [op, name, expected] = raw as [unknown, unknown, unknown];
      if (op === 'content-length-range') {
        sizeRange = [Number(name), Number(expected)];
        continue;
      }
      const key = String(name ?? '')
        .replace(/^\$/, '')
        .toLowerCase();
      covered.add(key);
      const actual = values.get(key);
      const ok =
        op === 'eq'
          ? actual === expected
          : op === 'starts-with'
            ? typeof actual === 'string' && actual.startsWith(String(expected))
            : false;
      if (!ok) return invalid(`Policy Condition failed: ${JSON.stringify(raw)}`);
    } else if (raw && typeof raw === 'object') {
      for (const [name, expected] of Object.entries(raw)) {
        const key = name.toLowerCase();
        covered.add(key);
        if (values.get(key) !== expected)
          return invalid(`Policy Condition failed: ${JSON.stringify(['eq', `$${name}`, expected])}`);
      }
    }
  }
  const exempt = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);
  const extra = [...field.keys()].filter(
    (k) => !exempt.has(k) && !k.startsWith('x-ignore-') && !covered.has(k),
  );
  if (extra.length) return invalid(`Extra input fields: ${extra.join(', ')}`);
  if (sizeRange) {
    if (input.fileSize > sizeRange[1])
      return {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
      };
    if (input.fileSize < sizeRange[0])
      return {
        status: 400,
        code: 'EntityTooSmall',
        message: 'Your proposed upload is smaller than the minimum allowed size',
      };
  }
  return null;
}
