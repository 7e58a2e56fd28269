/**
 * The site's route list as the edge sees it, made from the router's own paths (`paths.ts`): the one list
 * read by the local origin (infra/local/origin.ts) and by the CloudFront Function of the web stack, so an
 * unknown path answers HTTP 404 in both. Plain TypeScript without DOM or React, so infra and lambdas import it.
 */
import { listPaths, paths } from './paths';

/** A router path as a regular expression source: `:param` is one segment; a trailing slash is allowed. */
export function pathPattern(path: string): string {
  if (path === '/') return '^/$';
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

/**
 * Pages of the SPA directly under `/charities/` (`recommend`): not a charity's number, so the edge (the CloudFront
 * Function, the local origin) sends them to the site rather than to a charity page's document.
 */
export const SPA_SEGMENTS_UNDER_CHARITIES: readonly string[] = [
  paths.charitiesRecommend.path.slice('/charities/'.length),
];

/** Every page of the SPA, as regular expression sources (the edge answers 404 for any other page path). */
export const spaRoutePatterns: readonly string[] = listPaths().map(pathPattern);

/** True when `pathname` is a page of the SPA. */
export function isSpaRoute(pathname: string): boolean {
  return spaRoutePatterns.some((source) => new RegExp(source).test(pathname));
}

/**
 * Public pages written as HTML at build time (scripts/prerender-web.ts: `web/dist/pages/<path>/index.html`),
 * which the edge serves for their path instead of the empty SPA shell; the browser hydrates them. Only pages
 * whose first screen is the same for everyone (no signed-in pages, no per-charity data).
 */
export const prerenderedPaths: readonly string[] = [
  paths.home.path,
  paths.joinWaitlist.path,
  paths.waitlistThankYou.path,
  paths.privacyPolicy.path,
  paths.termsOfService.path,
  paths.cookiePolicy.path,
  paths.financialTransparency.path,
  paths.verificationInfo.path,
  paths.fees.path,
  paths.charity.register.path,
  paths.charity.signIn.path,
  paths.charity.forgotPassword.path,
  paths.charity.support.path,
];

/** The built file (below the web root) of a prerendered page: `pages/index.html` for `/`. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'pages/index.html' : `pages${path}/index.html`;
}

/** The prerendered file answering `pathname` (a trailing slash allowed), or null for other paths. */
export function prerenderedFileFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return prerenderedPaths.includes(path) ? prerenderedFile(path) : null;
}

/**
 * The SPA shell with the charity page's route CSS and chunk preloads (written by the build's prerender), which
 * the share document of `/charities/<number>` is made from; `index.html` where the build wrote none.
 */
export const CHARITY_PAGE_SHELL_FILE = 'pages/charities/shell.html';

/**
 * The SPA shell with the `/charities` listing's route CSS and chunk preloads (written by the build's prerender),
 * which the listing's server-rendered document (`render-charities-page`) is made from.
 */
export const CHARITIES_PAGE_SHELL_FILE = 'pages/charities/listing.html';

/** The public, indexable pages listed in sitemap.xml (live charities' pages are added by the sitemap route). */
export const indexablePaths: readonly string[] = [
  paths.home.path,
  paths.charities.path,
  paths.joinWaitlist.path,
  paths.verificationInfo.path,
  paths.financialTransparency.path,
  paths.fees.path,
  paths.privacyPolicy.path,
  paths.termsOfService.path,
  paths.cookiePolicy.path,
  paths.charity.register.path,
  paths.charity.support.path,
];

/**
 * robots.txt: the public site, charity pages and the charity area's public doors (register, sign in, forgot
 * password, support: people search for them) are crawlable; the signed-in area and the API are not.
 */
export function robotsTxt(siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /charity/register',
    'Allow: /charity/signin',
    'Allow: /charity/forgot-password',
    'Allow: /charity/support',
    'Disallow: /charity/',
    'Disallow: /api/',
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
}
