import type { ClientErrorReport } from '@shared/api/schemas/public-pages';

/**
 * POST /api/client-errors. The API client is loaded on first use: its route manifest and schemas stay out of
 * the landing page's bundle.
 */
export const sendClientError = (report: ClientErrorReport) =>
  import('@/lib/api').then(({ callApi }) => callApi('report-client-error', report));
