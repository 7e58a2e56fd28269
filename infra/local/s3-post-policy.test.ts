import { checkPostPolicy } from './s3-post-policy';
import { sigV4Signature } from './sigv4';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const scope = ['20261124', 'eu-west-2', 's3', 'aws4_request'];

/** A form as @aws-sdk/s3-presigned-post builds it, signed with `secret`. */
function form(
  conditions: unknown[],
  extra: Record<string, string> = {},
  secret = 'local',
  expiresIn = 60_000,
) {
  const policy = Buffer.from(
    JSON.stringify({ expiration: new Date(Date.now() + expiresIn).toISOString(), conditions }),
  ).toString('base64');
  return new Map(
    Object.entries({
      key: 'charities/a/photo.jpg',
      'Content-Type': 'image/jpeg',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `local/${scope.join('/')}`,
      'X-Amz-Date': '20261124T120000Z',
      Policy: policy,
      'X-Amz-Signature': sigV4Signature(secret, scope, policy),
      ...extra,
    }),
  );
}
const base = [
  { bucket: 'media' },
  ['eq', '$key', 'charities/a/photo.jpg'],
  ['eq', '$Content-Type', 'image/jpeg'],
  ['content-length-range', 1, 1000],
  { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
  { 'X-Amz-Credential': `local/${scope.join('/')}` },
  { 'X-Amz-Date': '20261124T120000Z' },
];
const check = (fields: Map<string, string>, fileSize = 100, bucket = 'media') =>
  checkPostPolicy({ bucket, fields, fileSize, credentials });

describe('S3 POST policy check', () => {
  it('accepts a form that meets every condition', () => {
    expect(check(form(base))).toBeNull();
  });

  it('refuses a changed key, content type or bucket with AccessDenied', () => {
    expect(check(form(base, { key: 'charities/b/photo.jpg' }))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    expect(check(form(base, { 'Content-Type': 'text/html' }))?.message).toContain('Policy Condition failed');
    expect(check(form(base), 100, 'other')).toMatchObject({ status: 403 });
  });

  it('checks prefixes, sizes, expiry, unlisted fields and the signature', () => {
    const prefix = base.map((c) =>
      Array.isArray(c) && c[1] === '$key' ? ['starts-with', '$key', 'charities/a/'] : c,
    );
    expect(check(form(prefix))).toBeNull();
    expect(check(form(prefix, { key: 'charities/ab/x.jpg' }))).toMatchObject({ status: 403 });
    expect(check(form(base), 1001)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(check(form(base), 0)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(check(form(base, {}, 'local', -1000))?.message).toBe(
      'Invalid according to Policy: Policy expired.',
    );
    expect(check(form(base, { acl: 'public-read' }))?.message).toContain('Extra input fields: acl');
    expect(check(form(base, { 'x-ignore-note': 'fine' }))).toBeNull();
    expect(check(form(base, {}, 'not-the-secret'))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const noSignature = form(base);
    noSignature.delete('X-Amz-Signature');
    expect(check(noSignature)).toMatchObject({ status: 403, code: 'AccessDenied' });
  });
});
