import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RuntimeConfig } from '@shared/config';
import { prerenderedPaths } from '@shared/site/site-routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { publicDocumentApiPath } from '../local/origin';
import { INDEX_SCRIPT_HASHES, PERMISSIONS_POLICY } from '../security-headers';
import { synthApp } from '../testing/synth-app';
import { siteRequestFunctionCode } from './web-stack';

// Managed CloudFront policy ids (fixed by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const { web, assembly } = synthApp();
const template = Template.fromStack(web);
const httpApiId = web.getLogicalId(web.httpApi.node.defaultChild as never);

interface CacheBehavior {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods: string[];
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ViewerProtocolPolicy: string;
}
interface Origin {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
}
const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
const config = distribution?.Properties.DistributionConfig as {
  CacheBehaviors: CacheBehavior[];
  DefaultCacheBehavior: CacheBehavior & { FunctionAssociations?: unknown[] };
  Origins: Origin[];
};

describe('web stack', () => {
  it('routes /api/* to the HTTP API, uncached, with every viewer header but Host, all methods', () => {
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = config.Origins.find((o) => o.Id === api?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(`{"Ref":"${httpApiId}"}`);
    expect(JSON.stringify(origin?.DomainName)).toContain('.execute-api.');
  });

  it('serves the SPA from a private bucket through origin access control, redirecting HTTP to HTTPS', () => {
    const spaOrigin = config.Origins.find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId);
    expect(spaOrigin?.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() },
    ]);
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicAcls: true,
        RestrictPublicBuckets: true,
      }),
    });
  });

  it('sends security headers on every behaviour', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000 }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior).toHaveProperty('ResponseHeadersPolicyId');
    }
  });

  it('sends the one security-header definition: CSP with the inline script hash, Permissions-Policy, COOP', () => {
    const policies = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).map(
      (p) => p.Properties.ResponseHeadersPolicyConfig,
    );
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      const csp = JSON.stringify(policy.SecurityHeadersConfig.ContentSecurityPolicy);
      expect(csp).toContain(`script-src 'self' ${INDEX_SCRIPT_HASHES.join(' ')}`);
      expect(policy.CustomHeadersConfig.Items).toEqual(
        expect.arrayContaining([
          { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
          { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
        ]),
      );
    }
  });

  it('leaves the HTTP API stage to the API stack (its route settings need the routes)', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 0);
  });

  it('deploys the SPA and a /config.json with exactly the RuntimeConfig fields (no cognitoEndpoint)', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map(
      (r) =>
        r.Properties as {
          Prune: boolean;
          SourceObjectKeys: string[];
          DistributionPaths?: string[];
          Include?: string[];
          Exclude?: string[];
        },
    );
    expect(deployments).toHaveLength(3);
    // The hashed bundles are copied first and never pruned (a tab of the previous release still loads its
    // chunks); the pages' deployment prunes, but not /assets.
    const assets = deployments.find((d) => d.Include?.includes('assets/*'));
    expect(assets).toMatchObject({ Prune: false, Exclude: ['*'] });
    const site = deployments.find((d) => d.DistributionPaths?.includes('/*'));
    expect(site).toMatchObject({ Prune: true, Exclude: expect.arrayContaining(['assets/*']) });
    const configDeployment = deployments.find((d) => d.DistributionPaths?.includes('/config.json'));
    expect(configDeployment?.Prune).toBe(false);

    // The staged asset holds config.json, with deploy-time values as markers.
    const assetHash = configDeployment?.SourceObjectKeys[0]?.replace(/\.zip$/, '');
    const written = JSON.parse(
      readFileSync(path.join(assembly.directory, `asset.${assetHash}`, 'config.json'), 'utf8'),
    );
    const expectedKeys = Object.keys(RuntimeConfig.shape).filter((k) => k !== 'cognitoEndpoint');
    expect(Object.keys(written).sort()).toEqual(expectedKeys.sort());
    expect(written).toMatchObject({ environment: 'test', apiBaseUrl: '', region: 'eu-west-2' });
  });
});

describe('site request function', () => {
  const NOT_FOUND = '<html><head><meta name="robots" content="noindex" /></head></html>';
  const handler = new Function(`${siteRequestFunctionCode(NOT_FOUND)}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri?: string; statusCode?: number; body?: { data: string } };
  const rewrite = (uri: string) => handler({ request: { uri } });

  it('serves index.html for the routes of the web app', () => {
    expect(rewrite('/').uri).toBe('/index.html');
    expect(rewrite('/charity/support').uri).toBe('/index.html');
    expect(rewrite('/charity/account-setup/').uri).toBe('/index.html');
  });

  it('serves a prerendered page its own HTML, and the other pages the shell', () => {
    const code = siteRequestFunctionCode(NOT_FOUND, ['/', '/charity/register']);
    const withPages = new Function(`${code}; return handler;`)() as typeof handler;
    const uri = (path: string) => withPages({ request: { uri: path } }).uri;
    expect(uri('/')).toBe('/pages/index.html');
    expect(uri('/charity/register')).toBe('/pages/charity/register/index.html');
    expect(uri('/charity/register/')).toBe('/pages/charity/register/index.html');
    expect(uri('/charity/signin')).toBe('/index.html');
    expect(uri('/constructor')).toBeUndefined();
    expect(withPages({ request: { uri: '/constructor' } }).statusCode).toBe(404);
    expect(Buffer.byteLength(siteRequestFunctionCode(NOT_FOUND, prerenderedPaths))).toBeLessThan(10 * 1024);
  });

  it('answers 404 with the noindex shell for unknown pages', () => {
    for (const uri of ['/charity/pages/', '/no-such-page', '/charitiesx']) {
      const answer = rewrite(uri);
      expect(answer.statusCode).toBe(404);
      expect(answer.body?.data).toContain('noindex');
    }
  });

  it('sends public documents to their API routes', () => {
    expect(rewrite('/charities/1123456').uri).toBe('/api/share/charities/1123456');
    expect(rewrite('/charities/1123456/').uri).toBe('/api/share/charities/1123456');
    expect(rewrite('/sitemap.xml').uri).toBe('/api/sitemap.xml');
    expect(rewrite('/charities/1/more').statusCode).toBe(404);
  });

  it('sends /charities/recommend to the SPA, not to a charity page document', () => {
    expect(rewrite('/charities/recommend').uri).toBe('/index.html');
    expect(rewrite('/charities/recommend/').uri).toBe('/index.html');
    expect(rewrite('/charities/recommendx').uri).toBe('/api/share/charities/recommendx');
  });

  it('sends the /charities listing to its document route (its behaviour forwards the filters)', () => {
    expect(rewrite('/charities').uri).toBe('/api/share/charities');
    // The `/charities/*` behaviour forwards no query: a trailing slash goes to the listing's own address.
    const slash = handler({ request: { uri: '/charities/' } }) as {
      statusCode?: number;
      headers?: Record<string, { value: string }>;
    };
    expect(slash.statusCode).toBe(301);
    expect(slash.headers?.location?.value).toBe('/charities');
  });

  it('leaves files and the API alone', () => {
    expect(rewrite('/assets/index-abc123.js').uri).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json').uri).toBe('/config.json');
    expect(rewrite('/robots.txt').uri).toBe('/robots.txt');
    expect(rewrite('/api/health').uri).toBe('/api/health');
    expect(rewrite('/api/me/profile').uri).toBe('/api/me/profile');
  });

  it('fits in a CloudFront Function (10 KB)', () => {
    expect(Buffer.byteLength(siteRequestFunctionCode(NOT_FOUND))).toBeLessThan(10 * 1024);
  });
});

describe('public documents at the edge', () => {
  it('routes /charities/* and /sitemap.xml to the HTTP API through the request function', () => {
    for (const pattern of ['/charities/*', '/sitemap.xml']) {
      const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pattern) as
        | (CacheBehavior & { FunctionAssociations?: unknown[] })
        | undefined;
      const apiBehavior = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
      expect(behavior?.TargetOriginId).toBe(apiBehavior?.TargetOriginId);
      expect(behavior?.FunctionAssociations).toHaveLength(1);
    }
  });
});

describe('the thank-you page after Checkout', () => {
  it('is answered by the site (the SPA), matched before /charities/*, which the API answers', () => {
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    const thanks = config.CacheBehaviors.find((b) => b.PathPattern === '/charities/*/thank-you');
    expect(thanks?.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(patterns.indexOf('/charities/*/thank-you')).toBeLessThan(patterns.indexOf('/charities/*'));
  });
});

describe('the recommendation page', () => {
  it('is answered by the site (the SPA), matched before /charities/*, which the API answers', () => {
    const patterns = config.CacheBehaviors.map((b) => b.PathPattern);
    const page = config.CacheBehaviors.find((b) => b.PathPattern === '/charities/recommend') as
      | (CacheBehavior & { FunctionAssociations?: unknown[] })
      | undefined;
    expect(page?.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(page?.FunctionAssociations).toHaveLength(1);
    expect(patterns.indexOf('/charities/recommend')).toBeLessThan(patterns.indexOf('/charities/*'));
  });

  it('is a page of the SPA at the local origin too, not a charity document', () => {
    expect(publicDocumentApiPath('/charities/recommend')).toBeNull();
    expect(publicDocumentApiPath('/charities/recommend/')).toBeNull();
    expect(publicDocumentApiPath('/charities/1123456')).toBe('/api/share/charities/1123456');
  });
});

describe('public documents and shared links', () => {
  it('sends the documents no query string, cookie or viewer header, so a query cannot vary the cached answer', () => {
    for (const pattern of ['/charities/*', '/sitemap.xml']) {
      const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pattern);
      expect(behavior?.OriginRequestPolicyId).not.toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      const policies = template.findResources('AWS::CloudFront::OriginRequestPolicy');
      const [id] = Object.entries(policies).find(([logicalId]) =>
        JSON.stringify(behavior?.OriginRequestPolicyId).includes(logicalId),
      ) ?? [undefined];
      expect(id).toBeDefined();
      expect(policies[id as string]?.Properties.OriginRequestPolicyConfig).toMatchObject({
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
      });
    }
  });

  it('keys the /charities listing on its four filters alone, which CloudFront forwards to its route', () => {
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === '/charities') as
      | (CacheBehavior & { FunctionAssociations?: unknown[] })
      | undefined;
    const apiBehavior = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(behavior?.TargetOriginId).toBe(apiBehavior?.TargetOriginId);
    expect(behavior?.FunctionAssociations).toHaveLength(1);
    expect(behavior?.AllowedMethods).toEqual(['GET', 'HEAD']);
    const policies = template.findResources('AWS::CloudFront::CachePolicy');
    const [, policy] = Object.entries(policies).find(([logicalId]) =>
      JSON.stringify(behavior?.CachePolicyId).includes(logicalId),
    ) ?? [undefined, undefined];
    const key = policy?.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'whitelist' },
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      EnableAcceptEncodingGzip: true,
    });
    expect([...key.QueryStringsConfig.QueryStrings].sort()).toEqual(['cause', 'page', 'place', 'size']);
    // Nothing else reaches the origin: the documents' request policy (no query, cookie or header).
    const requests = template.findResources('AWS::CloudFront::OriginRequestPolicy');
    const [, requestPolicy] = Object.entries(requests).find(([logicalId]) =>
      JSON.stringify(behavior?.OriginRequestPolicyId).includes(logicalId),
    ) ?? [undefined, undefined];
    expect(requestPolicy?.Properties.OriginRequestPolicyConfig).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
    });
  });

  it('keeps an error at the edge for two seconds at most', () => {
    const errors = (distribution?.Properties.DistributionConfig as { CustomErrorResponses?: unknown[] })
      ?.CustomErrorResponses;
    for (const status of [400, 403, 404, 500, 502, 503, 504]) {
      expect(errors).toContainEqual({ ErrorCode: status, ErrorCachingMinTTL: 2 });
    }
  });
});
