import { defineRoutes } from '../route';
import {
  ClientErrorReport,
  ClientErrorResponse,
  DocumentResponse,
  EmptyQuery,
  PublicCharityPageRequest,
  PublicCharityPageResponse,
  ShareDocumentRequest,
} from '../schemas/public-pages';

/**
 * The public face of live charities (issue 18): the page donors open, the documents crawlers and link
 * previews read, and the error screens' reports. The two document routes answer HTML or XML, not JSON;
 * CloudFront sends `/charities/*` and `/sitemap.xml` to them (locally, the origin does).
 */
export const publicPageRoutes = defineRoutes({
  'get-public-charity-page': {
    method: 'GET',
    path: '/api/charities/{registrationNumber}',
    auth: 'public',
    request: PublicCharityPageRequest,
    response: PublicCharityPageResponse,
    summary: "A verified, live charity's public page (only what the page shows); 404 otherwise.",
  },
  'render-charity-share-page': {
    method: 'GET',
    path: '/api/share/charities/{registrationNumber}',
    auth: 'public',
    request: ShareDocumentRequest,
    response: DocumentResponse,
    document: true,
    summary: 'The SPA shell for /charities/<number> with its title, canonical, Open Graph and Twitter tags.',
  },
  'get-sitemap': {
    method: 'GET',
    path: '/api/sitemap.xml',
    auth: 'public',
    request: EmptyQuery,
    response: DocumentResponse,
    document: true,
    summary: "sitemap.xml: the public site's pages and every live charity's public page.",
  },
  'report-client-error': {
    method: 'POST',
    path: '/api/client-errors',
    auth: 'public',
    request: ClientErrorReport,
    response: ClientErrorResponse,
    maxBodyBytes: 2048,
    summary: "Logs an error screen's report as a structured error with a metric (rate-limited).",
  },
});
