import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '@shared/config';
import { DISCOVER_QUERY_KEYS } from '@shared/discover';
import { OSM_ATTRIBUTION, OSM_TILE_URL } from '@shared/locations';
import { notFoundShell } from '@shared/site/head-tags';
import { paths } from '@shared/site/paths';
import {
  prerenderedFile,
  prerenderedPaths,
  robotsTxt,
  SPA_SEGMENTS_UNDER_CHARITIES,
  spaRoutePatterns,
} from '@shared/site/site-routes';
import {
  CfnOutput,
  CfnParameter,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledgeBucketDeploymentHandler } from '../constructs/nag';
import {
  CROSS_ORIGIN_OPENER_POLICY,
  type CspSources,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  securityHeaders,
} from '../security-headers';
import {
  acknowledgeDistributionDefaults,
  SITE_BUCKET_LOG_PREFIX,
  type StatefulStack,
} from './stateful-stack';

/** Props of {@link WebStack}. */
export interface WebStackProps extends StackProps {
  /** The stateful resources (user pool ids, media CDN, log bucket). */
  readonly stateful: StatefulStack;
  /** Environment name written to `/config.json`, e.g. `prod`. */
  readonly environmentName: string;
  /** Folder of the built SPA (must contain index.html); `web/dist` in the app, a temp folder in tests. */
  readonly webDistDir: string;
  /** Custom domain of the site, e.g. `kindredgiving.org.uk`; the CloudFront domain when absent. */
  readonly siteDomain?: string;
  /** ARN of a us-east-1 ACM certificate for {@link siteDomain}. */
  readonly certificateArn?: string;
  /**
   * ARN of the WAF web ACL (CLOUDFRONT scope, so made in us-east-1: the edge stack, or one of your own) on
   * the site distribution. None: no WAF (only for tests and throwaway stages).
   */
  readonly webAclArn?: string;
  /**
   * A Route 53 hosted zone holding {@link siteDomain}: the site gets alias A and AAAA records there, and
   * `www.<siteDomain>` is served too (the certificate must cover it) as a redirect to the site.
   */
  readonly hostedZone?: { readonly id: string; readonly name: string };
}

/** The `previous` value of the origin secret before its first rotation (too short to be accepted). */
export const ORIGIN_SECRET_NO_PREVIOUS = 'none';
/** Sent beside the secret: the secret's version, so each rotation changes the distribution's configuration. */
export const ORIGIN_SECRET_VERSION_HEADER = 'x-origin-verify-version';
/** Name of the stack parameter holding the origin secret's version (set by `npm run rotate:origin-secret`). */
export const ORIGIN_SECRET_VERSION_PARAMETER = 'OriginHeaderRevision';

/**
 * CloudFormation resolves a secret's dynamic reference only when the resource using it changes, so a new
 * secret value alone changes nothing. The rotation passes the new version id as this parameter (deploys
 * without it keep the previous value), which changes the resources that use the secret and makes
 * CloudFormation read it again.
 */
export function originSecretVersionParameter(stack: Stack): CfnParameter {
  return new CfnParameter(stack, ORIGIN_SECRET_VERSION_PARAMETER, {
    type: 'String',
    default: 'initial',
    description:
      'Version id of the origin header value, set by npm run rotate:origin-secret (docs/operating.md).',
  });
}

/** Folder of Vite's hashed bundles in the site bucket: kept across releases (never pruned). */
export const SITE_ASSETS_PREFIX = 'assets/';

/** The header CloudFront adds to every request for the API origin; the functions refuse requests without it. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Statuses whose answers CloudFront keeps only {@link ERROR_CACHE_SECONDS} (the documents' and the SPA's errors). */
export const DOCUMENT_ERROR_STATUSES = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504] as const;
export const ERROR_CACHE_SECONDS = 2;

/**
 * CloudFront Function (cloudfront-js-2.0) code, generated from the web's route list (`site-routes.ts`, the
 * list the local origin reads too). A prerendered page (`prerendered`: the paths whose file the build wrote,
 * `web/dist/pages/...`) is rewritten to its own HTML, other pages of the SPA to /index.html; any other extension-less
 * path answers HTTP 404 with the not-found shell (noindex), which the SPA turns into its not-found page.
 * Files and /api/* pass through. On the public document behaviours it sends `/charities` (the listing, its
 * filters in the query, which its behaviour forwards), `/charities/<number>` and `/sitemap.xml` to their API
 * routes; `/charities/` is redirected to `/charities` (without its query: the `/charities/*` behaviour forwards none).
 * `/charities/recommend` is a page of the SPA, not a charity's number (its own behaviour sends it to the site).
 */
export function siteRequestFunctionCode(
  notFoundHtml: string,
  prerendered: readonly string[] = [],
  redirectFromWww?: string,
): string {
  // `www.<site>` (when the stage publishes it) answers a permanent redirect to the same path on the site.
  const www = redirectFromWww
    ? `  var host = request.headers.host && request.headers.host.value;
  if (host === ${JSON.stringify(`www.${redirectFromWww}`)}) {
    return { statusCode: 301, statusDescription: 'Moved Permanently',
      headers: { location: { value: ${JSON.stringify(`https://${redirectFromWww}`)} + request.uri } } };
  }
`
    : '';
  const routes = spaRoutePatterns.map((source) => `/${source.replace(/\//g, '\\/')}/`).join(', ');
  const pages = Object.fromEntries(prerendered.map((path) => [path, `/${prerenderedFile(path)}`]));
  return `var ROUTES = [${routes}];
var SPA_UNDER_CHARITIES = ${JSON.stringify(SPA_SEGMENTS_UNDER_CHARITIES)};
var PAGES = ${JSON.stringify(pages)};
var NOT_FOUND = ${JSON.stringify(notFoundHtml)};
function handler(event) {
  var request = event.request;
${www}  var uri = request.uri;
  if (uri.startsWith('/api/')) return request;
  if (uri === '/sitemap.xml') { request.uri = '/api/sitemap.xml'; return request; }
  if (uri === '/charities') { request.uri = '/api/share/charities'; return request; }
  if (uri === '/charities/') {
    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '/charities' } } };
  }
  if (uri.startsWith('/charities/')) {
    var number = uri.substring('/charities/'.length).replace(/[/]$/, '');
    if (/^[^/]+[/]feed[.]xml$/.test(number)) {
      request.uri = '/api/share/charities/' + number;
      return request;
    }
    if (number !== '' && number.indexOf('/') === -1 && SPA_UNDER_CHARITIES.indexOf(number) === -1) {
      request.uri = '/api/share/charities/' + number;
      return request;
    }
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') !== -1) return request;
  var page = PAGES[uri.length > 1 && uri.endsWith('/') ? uri.substring(0, uri.length - 1) : uri];
  if (typeof page === 'string') { request.uri = page; return request; }
  for (var i = 0; i < ROUTES.length; i++) {
    if (ROUTES[i].test(uri)) { request.uri = '/index.html'; return request; }
  }
  return {
    statusCode: 404,
    statusDescription: 'Not Found',
    headers: { 'content-type': { value: 'text/html; charset=utf-8' }, 'cache-control': { value: 'no-cache' } },
    body: { encoding: 'text', data: NOT_FOUND },
  };
}`;
}

/**
 * The public front door, on one origin: a private bucket with the built SPA and `/config.json`, the HTTP API
 * (the shell: the API stack adds the routes, functions and the throttled stage, and CDK puts their Cognito
 * authorizer here, beside the API it belongs to), the origin secret CloudFront sends to the API, and one CloudFront distribution in front of both (`/api/*` to the API, everything else to the
 * SPA). The HTTP API lives here rather than in the API stack because the functions need the site URL, and
 * without a custom domain that is the distribution's own domain: stateful -> web -> api has no cycle.
 * Media is served by the media distribution of the stateful stack (its URL is in `/config.json`).
 */
export class WebStack extends Stack {
  /** The HTTP API; routes are added by the API stack. */
  public readonly httpApi: apigw.HttpApi;
  /** The site's distribution. */
  public readonly distribution: cloudfront.Distribution;
  /** `https://<site host>`, without a trailing slash. */
  public readonly siteUrl: string;
  /**
   * The origin secret: CloudFront sends it to the API origin as {@link ORIGIN_VERIFY_HEADER}; the API stack
   * gives it to the functions (`ORIGIN_VERIFY_SECRET`), which refuse requests without it (lambdas/lib/edge.ts).
   */
  public readonly originSecret: secretsmanager.Secret;
  /** The secret's version after the last rotation (a stack parameter; see {@link originSecretVersionParameter}). */
  public readonly originSecretVersion: CfnParameter;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stateful } = props;

    this.httpApi = this.createHttpApi();

    const siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Imported by name: the log bucket's policy for these logs is in the stateful stack (see there).
      serverAccessLogsBucket: s3.Bucket.fromBucketName(this, 'LogBucket', stateful.logBucket.bucketName),
      serverAccessLogsPrefix: SITE_BUCKET_LOG_PREFIX,
      // Only build output lives here (redeployed every time); RETAIN avoids an auto-delete custom resource.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(siteBucket).acknowledge({
      id: '@aws-cdk/aws-s3:accessLogsPolicyNotAdded',
      reason:
        'The log bucket (stateful stack) already allows S3 server access logging from this account under site-bucket/.',
    });

    const certificate =
      props.siteDomain && props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined;

    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the site',
      securityHeadersBehavior: this.securityHeaders(stateful),
      customHeadersBehavior: { customHeaders: this.customSecurityHeaders() },
    });
    // Vite's hashed bundles under /assets/ never change, so browsers may keep them for a year.
    const immutableAssets = new cloudfront.ResponseHeadersPolicy(this, 'ImmutableAssetHeaders', {
      comment: 'Security headers plus long-lived caching for hashed assets',
      securityHeadersBehavior: this.securityHeaders(stateful),
      customHeadersBehavior: {
        customHeaders: [
          ...this.customSecurityHeaders(),
          { header: 'Cache-Control', value: 'public, max-age=31536000, immutable', override: true },
        ],
      },
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket);
    const publishDns = Boolean(certificate && props.siteDomain && props.hostedZone);
    // Generated by Secrets Manager and put into the distribution and the functions as a dynamic reference, so
    // the value is never in a template or the cloud assembly.
    // JSON: `current` (sent by CloudFront, accepted by the API) and `previous` (still accepted by the API after
    // a rotation; a placeholder shorter than any secret until the first one). See infra/origin-secret-rotation.ts.
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `Header ${ORIGIN_VERIFY_HEADER} CloudFront sends to the API; the API refuses requests without it.`,
      generateSecretString: {
        excludePunctuation: true,
        passwordLength: 48,
        secretStringTemplate: JSON.stringify({ previous: ORIGIN_SECRET_NO_PREVIOUS }),
        generateStringKey: 'current',
      },
    });
    this.originSecretVersion = originSecretVersionParameter(this);
    new CfnOutput(this, 'OriginSecretArn', { value: this.originSecret.secretArn });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The origin secret is read at deploy time (dynamic references in the distribution and the API functions): Secrets Manager rotation would change it without redeploying either. It is rotated by one command, npm run rotate:origin-secret (docs/operating.md), with the previous value accepted meanwhile.',
    });
    const apiOrigin = new HttpOrigin(`${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // Replaces any header of that name the viewer sends.
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValueFromJson('current').unsafeUnwrap(),
        // Changed by each rotation, so CloudFormation updates the distribution and reads the secret again.
        [ORIGIN_SECRET_VERSION_HEADER]: this.originSecretVersion.valueAsString,
      },
    });

    // One viewer-request function from the web's route list: SPA pages, 404 for the rest, public documents.
    const siteRequest: cloudfront.FunctionAssociation[] = [
      {
        eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
        function: new cloudfront.Function(this, 'SpaRewrite', {
          comment: 'SPA pages to index.html, 404 for unknown pages, public documents to the API',
          code: cloudfront.FunctionCode.fromInline(
            siteRequestFunctionCode(
              notFoundShell(readFileSync(join(props.webDistDir, 'index.html'), 'utf8')),
              // The pages the build prerendered (scripts/prerender-web.ts); the others get the shell.
              prerenderedPaths.filter((path) => existsSync(join(props.webDistDir, prerenderedFile(path)))),
              publishDns ? props.siteDomain : undefined,
            ),
          ),
          runtime: cloudfront.FunctionRuntime.JS_2_0,
        }),
      },
    ];

    // The public documents depend on their path alone (`documentHandler` ignores the query; the listing's four
    // filters reach it through its cache key, below), so the origin is sent no query string, cookie or viewer header: `?utm_source=…` and `?fbclid=…` share one cache entry, and
    // no query can make an answer that is then cached for the bare URL.
    const documentRequests = new cloudfront.OriginRequestPolicy(this, 'DocumentRequests', {
      comment: 'Public documents: path only (no query, cookies or viewer headers)',
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.none(),
    });

    // The `/charities` listing depends on its filters (issue 45): its cache is keyed on the four query keys it
    // reads and on nothing else (so `?utm_source=…` shares the unfiltered page's entry), which CloudFront then
    // forwards to the API (a cache key's values always reach the origin); kept as long as the route says.
    const listingCache = new cloudfront.CachePolicy(this, 'ListingCache', {
      comment: 'The /charities listing: keyed on its filters (cause, place, size, page) alone',
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...DISCOVER_QUERY_KEYS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(60),
      maxTtl: Duration.hours(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The site's pages (the SPA and its prerendered files): the default, and the SPA pages under /charities/.
    const siteBehaviour: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: siteHeaders,
      functionAssociations: siteRequest,
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Site: SPA, /config.json and /api/*',
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      domainNames:
        certificate && props.siteDomain
          ? [props.siteDomain, ...(publishDns ? [`www.${props.siteDomain}`] : [])]
          : undefined,
      certificate,
      // Only meaningful with a custom certificate; the default *.cloudfront.net one has a fixed policy.
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: stateful.logBucket,
      logFilePrefix: 'site-cdn/',
      // An error is kept at the edge for seconds at most (CloudFront's default is 10 s with no Cache-Control):
      // a passing fault must not be served to everyone who opens the page for long.
      errorResponses: DOCUMENT_ERROR_STATUSES.map((httpStatus) => ({
        httpStatus,
        ttl: Duration.seconds(ERROR_CACHE_SECONDS),
      })),
      defaultBehavior: siteBehaviour,
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          // A redirected POST would lose its body: the API answers on HTTPS only.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Host must stay the API's own host, or API Gateway cannot route the request. The managed policy also
          // forwards CloudFront's headers, CloudFront-Viewer-Address among them (the caller's address).
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: siteHeaders,
        },
        // The thank-you page after Checkout is a page of the SPA, not a charity document: the site answers it
        // (matched before `/charities/*`, which the API answers).
        '/charities/*/thank-you': siteBehaviour,
        // "Get a recommendation" is a page of the SPA (its answers in the query, read by the browser alone), not a
        // charity's document: the site answers it (matched before `/charities/*`).
        [paths.charitiesRecommend.path]: siteBehaviour,
        // The listing of live charities, server-rendered by its API route with its filters.
        '/charities': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: listingCache,
          originRequestPolicy: documentRequests,
          responseHeadersPolicy: siteHeaders,
          functionAssociations: siteRequest,
        },
        // Public documents answered by API routes (share page with Open Graph tags, sitemap).
        ...Object.fromEntries(
          ['/charities/*', '/sitemap.xml'].map((pattern) => [
            pattern,
            {
              origin: apiOrigin,
              viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
              // Kept as long as the route's Cache-Control says (a minute for a charity page, an hour for the sitemap).
              cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
              originRequestPolicy: documentRequests,
              responseHeadersPolicy: siteHeaders,
              functionAssociations: siteRequest,
            },
          ]),
        ),
        '/assets/*': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: immutableAssets,
        },
      },
    });
    acknowledgeDistributionDefaults(this.distribution, 'site', {
      customCertificate: certificate !== undefined,
    });

    this.siteUrl = `https://${certificate && props.siteDomain ? props.siteDomain : this.distribution.distributionDomainName}`;

    // Hashed bundles first, never pruned: a tab opened on the previous release still loads its chunks (the
    // files are small and content-addressed, so keeping old ones costs little).
    const siteFiles = s3deploy.Source.asset(props.webDistDir);
    // The deployments' one handler (a singleton) logs here: made before it runs, with a retention (Lambda
    // would otherwise make a group that never expires, racing the stack's own on the first deploy).
    const deployLogs = new LogGroup(this, 'SiteDeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const deployAssets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      logGroup: deployLogs,
      sources: [siteFiles],
      destinationBucket: siteBucket,
      exclude: ['*'],
      include: [`${SITE_ASSETS_PREFIX}*`],
      prune: false,
    });
    // Everything else but /config.json: the SPA. Objects revalidate (hashed bundles get long caching above).
    // The prune removes pages no longer built, never /assets (excluded files are neither copied nor pruned).
    const deploySite = new s3deploy.BucketDeployment(this, 'DeploySite', {
      logGroup: deployLogs,
      sources: [siteFiles],
      destinationBucket: siteBucket,
      exclude: ['config.json', 'robots.txt', `${SITE_ASSETS_PREFIX}*`],
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    deploySite.node.addDependency(deployAssets);

    const runtimeConfig = {
      environment: props.environmentName,
      siteUrl: this.siteUrl,
      // The API is on the same origin and the manifest paths already start with /api.
      apiBaseUrl: '',
      mediaBaseUrl: stateful.mediaBaseUrl,
      region: this.region,
      userPoolId: stateful.userPool.userPoolId,
      charityClientId: stateful.charityClient.userPoolClientId,
      donorClientId: stateful.donorClient.userPoolClientId,
      // The location settings map: OpenStreetMap's standard tiles (allowed by img-src below).
      mapTileUrl: OSM_TILE_URL,
      mapAttribution: OSM_ATTRIBUTION,
    } satisfies RuntimeConfig;
    new s3deploy.BucketDeployment(this, 'DeployRuntimeConfig', {
      logGroup: deployLogs,
      sources: [
        s3deploy.Source.jsonData('config.json', runtimeConfig),
        // robots.txt names the sitemap by its absolute URL, known at deploy time.
        s3deploy.Source.data('robots.txt', robotsTxt(this.siteUrl)),
      ],
      destinationBucket: siteBucket,
      // The SPA deployment prunes; this one must not remove the SPA.
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/config.json', '/robots.txt'],
    });
    acknowledgeBucketDeploymentHandler(this, [siteBucket]);

    if (publishDns && props.hostedZone && props.siteDomain) {
      this.publishSiteDns(props.hostedZone, props.siteDomain);
    }

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }

  /** Alias A and AAAA records (no CNAME at an apex) for the site and its `www` name, in the stage's zone. */
  private publishSiteDns(hostedZone: { id: string; name: string }, siteDomain: string): void {
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: hostedZone.id,
      zoneName: hostedZone.name,
    });
    const target = route53.RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
    for (const [id, name] of [
      ['Site', siteDomain],
      ['Www', `www.${siteDomain}`],
    ] as const) {
      new route53.ARecord(this, `${id}A`, { zone, recordName: `${name}.`, target });
      new route53.AaaaRecord(this, `${id}Aaaa`, { zone, recordName: `${name}.`, target });
    }
  }

  private createHttpApi(): apigw.HttpApi {
    return new apigw.HttpApi(this, 'HttpApi', {
      description: 'Kindred API (reached through the site distribution under /api/*)',
      // The $default stage (throttles per route, access logs) is made beside the routes, in the API stack.
      createDefaultStage: false,
    });
  }

  private securityHeaders(stateful: StatefulStack): cloudfront.ResponseSecurityHeadersBehavior {
    const headers = securityHeaders(this.cspSources(stateful));
    return {
      contentSecurityPolicy: {
        contentSecurityPolicy: headers['content-security-policy'] as string,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
    };
  }

  /** The headers of `infra/security-headers.ts` that CloudFront sets as custom headers. */
  private customSecurityHeaders(): cloudfront.ResponseCustomHeader[] {
    return [
      { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
      { header: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY, override: true },
    ];
  }

  /**
   * The SPA talks to its own origin (/api), to Cognito (Amplify) and to the media bucket (presigned POST),
   * and shows media from the media CDN and map tiles from OpenStreetMap.
   */
  private cspSources(stateful: StatefulStack): CspSources {
    return {
      cognito: [`https://cognito-idp.${this.region}.${this.urlSuffix}`],
      media: [stateful.mediaBaseUrl],
      upload: [`https://${stateful.mediaBucket.bucketRegionalDomainName}`],
      tiles: [new URL(OSM_TILE_URL).origin],
    };
  }
}
