import { signatureHeader } from '../../infra/local/stripe/webhooks';
import { rawBodyOf, verifyStripeSignature } from './stripe-signature';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"checkout.session.completed","note":"£ é"}';
const now = 1_800_000_000;
const verify = (header: string | undefined, raw: Buffer = Buffer.from(body), at = now, key = secret) =>
  verifyStripeSignature({ rawBody: raw, header, secret: key, nowSeconds: at });

describe('Stripe webhook signatures', () => {
  it('accepts Stripe’s own signature of the raw bytes', () => {
    expect(verify(signatureHeader(secret, body, now))).toBe('valid');
  });

  it('accepts any of several v1 signatures (a secret rotation) and ignores other schemes', () => {
    const good = signatureHeader(secret, body, now).split(',')[1];
    const old = signatureHeader('whsec_old', body, now).split(',')[1];
    expect(verify(`t=${now},${old},v0=abc,${good}`)).toBe('valid');
    expect(verify(`t=${now},v0=${good?.slice(3)}`)).toBe('malformed');
  });

  it('refuses an old or future t beyond 300 s, and accepts at the edge', () => {
    expect(verify(signatureHeader(secret, body, now - 301))).toBe('stale');
    expect(verify(signatureHeader(secret, body, now + 301))).toBe('stale');
    expect(verify(signatureHeader(secret, body, now - 300))).toBe('valid');
  });

  it('refuses the wrong secret, a changed body, and a t changed after signing', () => {
    expect(verify(signatureHeader('whsec_other', body, now))).toBe('mismatch');
    expect(verify(signatureHeader(secret, body, now), Buffer.from(body.replace('evt_1', 'evt_2')))).toBe(
      'mismatch',
    );
    const [, v1] = signatureHeader(secret, body, now - 1000).split(',');
    expect(verify(`t=${now},${v1}`)).toBe('mismatch');
  });

  it('refuses a missing or malformed header', () => {
    expect(verify(undefined)).toBe('malformed');
    expect(verify('v1=abc')).toBe('malformed');
    expect(verify(`t=${now}`)).toBe('malformed');
    expect(verify(`t=x,v1=${'0'.repeat(64)}`)).toBe('malformed');
  });

  it('verifies a base64 body by its decoded bytes', () => {
    const event = { body: Buffer.from(body).toString('base64'), isBase64Encoded: true };
    expect(rawBodyOf(event).toString('utf8')).toBe(body);
    expect(verify(signatureHeader(secret, body, now), rawBodyOf(event))).toBe('valid');
    expect(rawBodyOf({ body: null })).toHaveLength(0);
  });
});
