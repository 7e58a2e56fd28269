import { systemRoutes } from '@shared/api/route-groups/system';
import type { Context } from 'aws-lambda';
import { type ApiEvent, apiHandler } from './api-handler';
import {
  assertSameOrigin,
  assertThroughEdge,
  callerKey,
  clientAddress,
  ORIGIN_DIGESTS_ENV,
  originDigests,
  originSecretFromEnv,
  parseViewerAddress,
  rateLimitKey,
  siteOriginFromEnv,
} from './edge';

const SECRET = 'edge-secret-0123456789-abcdefghijklmnopq';
const DIGESTS = originSecretFromEnv({ [ORIGIN_DIGESTS_ENV]: originDigests({ current: SECRET }) });
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

function event(headers: Record<string, string> = {}, sourceIp = '130.176.0.1'): ApiEvent {
  return {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: '/api/health', sourceIp } },
  } as unknown as ApiEvent;
}

describe('origin secret check', () => {
  it('refuses a request without the header, or with another value, with 403', () => {
    expect(() => assertThroughEdge(event(), DIGESTS)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertThroughEdge(event({ 'x-origin-verify': 'guess' }), DIGESTS)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });

  it('lets the edge through (header name in any case), and everything through when no secret is set', () => {
    expect(() => assertThroughEdge(event({ 'X-Origin-Verify': SECRET }), DIGESTS)).not.toThrow();
    expect(() => assertThroughEdge(event(), undefined)).not.toThrow();
  });

  it('holds digests only: the previous value is accepted during a rotation, a placeholder never', () => {
    const previous = 'previous-secret-0123456789-abcdefghijkl';
    const env = originDigests({ current: SECRET, previous });
    expect(env).not.toContain(SECRET);
    expect(env.split(',')).toHaveLength(2);
    const both = originSecretFromEnv({ [ORIGIN_DIGESTS_ENV]: env });
    expect(() => assertThroughEdge(event({ 'x-origin-verify': previous }), both)).not.toThrow();
    // The first "previous" is the short placeholder `none`: not a secret, never accepted.
    expect(originDigests({ current: SECRET, previous: 'none' }).split(',')).toHaveLength(1);
    expect(() => originDigests({ current: 'short' })).toThrow(/at least 32/);
  });

  it('refuses everything, never accepts everything, when the digests are malformed', () => {
    const malformed = originSecretFromEnv({ [ORIGIN_DIGESTS_ENV]: 'not-a-digest' });
    expect(malformed).toEqual([]);
    expect(() => assertThroughEdge(event({ 'x-origin-verify': 'not-a-digest' }), malformed)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });

  describe('in the handler pipeline', () => {
    const saved = process.env[ORIGIN_DIGESTS_ENV];
    afterEach(() => {
      if (saved === undefined) delete process.env[ORIGIN_DIGESTS_ENV];
      else process.env[ORIGIN_DIGESTS_ENV] = saved;
    });

    function healthHandler(seen: (ip: string | undefined) => void) {
      return apiHandler(systemRoutes.health, async (_input, ctx) => {
        seen(ctx.sourceIp);
        return {
          success: true as const,
          status: 'ok' as const,
          checks: { database: 'ok' as const },
          time: 'now',
        };
      });
    }

    it('answers 403 in the error contract before reading the input, when the environment holds a secret', async () => {
      process.env[ORIGIN_DIGESTS_ENV] = originDigests({ current: SECRET });
      const calls: unknown[] = [];
      const handler = healthHandler((ip) => calls.push(ip));
      // An unknown query field would be a 400: the edge check answers first.
      const res = await handler({ ...event(), queryStringParameters: { nope: '1' } } as ApiEvent, context);
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(String(res.body))).toEqual({
        success: false,
        error: 'You do not have permission to do that.',
        code: 'FORBIDDEN',
      });
      expect(calls).toHaveLength(0);
    });

    it('passes the viewer address from CloudFront to the route when the secret is right', async () => {
      process.env[ORIGIN_DIGESTS_ENV] = originDigests({ current: SECRET });
      const calls: unknown[] = [];
      const handler = healthHandler((ip) => calls.push(ip));
      const res = await handler(
        event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '2001:db8:aa:bb:1:2:3:4:51234' }),
        context,
      );
      expect(res.statusCode).toBe(200);
      expect(calls).toEqual(['2001:db8:aa:bb::/64']);
    });

    it('ignores a viewer-address header when no secret proves the edge (sourceIp instead)', async () => {
      delete process.env[ORIGIN_DIGESTS_ENV];
      const calls: unknown[] = [];
      const handler = healthHandler((ip) => calls.push(ip));
      await handler(event({ 'cloudfront-viewer-address': '198.51.100.7:443' }, '203.0.113.5'), context);
      expect(calls).toEqual(['203.0.113.5']);
    });
  });
});

describe('viewer address', () => {
  it('parses IPv4 and IPv6 values with their port', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(parseViewerAddress('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(parseViewerAddress('[2001:db8::1]:46532')).toBe('2001:db8::1');
    expect(parseViewerAddress('not-an-address:1')).toBeUndefined();
    expect(parseViewerAddress('')).toBeUndefined();
  });

  it('uses CloudFront-Viewer-Address only through the edge and when present, else sourceIp', () => {
    const viaEdge = event({ 'cloudfront-viewer-address': '198.51.100.10:46532' });
    expect(clientAddress(viaEdge, true)).toBe('198.51.100.10');
    expect(clientAddress(viaEdge, false)).toBe('130.176.0.1');
    expect(clientAddress(event(), true)).toBe('130.176.0.1');
  });

  it('keys a forged header on the sender, not the claimed address', () => {
    const forged = event(
      { 'x-origin-verify': 'wrong', 'cloudfront-viewer-address': '198.51.100.10:1' },
      '203.0.113.9',
    );
    expect(callerKey(forged, DIGESTS)).toBe('203.0.113.9');
    expect(callerKey({ ...forged, headers: { ...forged.headers, 'x-origin-verify': SECRET } }, DIGESTS)).toBe(
      '198.51.100.10',
    );
  });
});

describe('rate-limit keys', () => {
  it('keeps IPv4 addresses whole', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys IPv6 addresses on their /64, however they are written', () => {
    const key = '2001:db8:1:2::/64';
    expect(rateLimitKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(key);
    expect(rateLimitKey('2001:0DB8:0001:0002:0:0:0:1')).toBe(key);
    expect(rateLimitKey('2001:db8:1:2::9')).toBe(key);
    expect(rateLimitKey('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('treats an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(rateLimitKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('leaves an absent address absent', () => {
    expect(rateLimitKey(undefined)).toBeUndefined();
  });
});

describe('same-origin check of state-changing requests', () => {
  const SITE = 'https://kindred.example';
  const withMethod = (method: string, headers: Record<string, string> = {}) => {
    const e = event(headers);
    (e.requestContext as { http: { method: string } }).http.method = method;
    return e;
  };

  it('refuses a POST, PUT, PATCH or DELETE whose Origin is not the site, with 403 CROSS_ORIGIN', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const origin of [
        'https://evil.example',
        'null',
        'http://kindred.example',
        'https://kindred.example.evil',
      ]) {
        expect(() => assertSameOrigin(withMethod(method, { Origin: origin }), SITE)).toThrow(
          expect.objectContaining({ statusCode: 403, code: 'CROSS_ORIGIN' }),
        );
      }
    }
  });

  it("serves the site's own origin, no Origin at all, and reads from anywhere", () => {
    expect(() => assertSameOrigin(withMethod('POST', { origin: SITE }), SITE)).not.toThrow();
    expect(() => assertSameOrigin(withMethod('POST'), SITE)).not.toThrow();
    expect(() => assertSameOrigin(withMethod('GET', { origin: 'https://evil.example' }), SITE)).not.toThrow();
    expect(() =>
      assertSameOrigin(withMethod('POST', { origin: 'https://evil.example' }), undefined),
    ).not.toThrow();
  });

  it("reads the site's origin from SITE_URL (path and trailing slash dropped)", () => {
    expect(siteOriginFromEnv({ SITE_URL: 'https://kindred.example/' })).toBe(SITE);
    expect(siteOriginFromEnv({ SITE_URL: 'http://localhost:3000' })).toBe('http://localhost:3000');
    expect(siteOriginFromEnv({})).toBeUndefined();
  });
});
